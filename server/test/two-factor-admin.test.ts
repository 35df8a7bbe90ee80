import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/bootstrap/admin';
import type { App } from '../src/types';
import { signedInUser } from './support/accounts';
import { ADMIN_PASSWORD, signedInAdmin } from './support/admins';
import { createTestApp, newIp, useTestApp } from './support/app';
import { challengeOf, codeAt, enrolTwoFactor, nextCode } from './support/two-factor';

// Two-factor sign-in of admins (docs/api.md "Two-factor sign-in"): the same flows as users under
// /api/admin, kept apart from users', and ADMIN_REQUIRE_TWO_FACTOR. Both dialects (TEST_DATABASE_URL).

const t = useTestApp();
const BASE = '/api/admin/two-factor';

function post(url: string, payload: Record<string, unknown>, headers = {}, ip = newIp()) {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
}

describe('admins', () => {
  it('enrol, then sign in with the password and a code, or a recovery code', async () => {
    const admin = await signedInAdmin(t.app);
    const { secret, recoveryCodes } = await enrolTwoFactor(t.app, t.clock, BASE, admin.auth, ADMIN_PASSWORD);
    expect(recoveryCodes).toHaveLength(10);
    const status = await t.app.inject({ url: BASE, headers: admin.auth });
    expect(status.json().data).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    const login = () => post('/api/admin/login', { email: admin.email, password: ADMIN_PASSWORD });
    const first = await login();
    expect(first.json()).toMatchObject({ success: false, data: { status: 'two_factor_required' } });
    const signed = await post('/api/admin/login/two-factor', {
      challenge: challengeOf(first),
      code: nextCode(t.clock, secret),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ success: true, data: { user: { id: admin.id, role: 'admin' } } });
    const token = signed.json().data.token;
    const me = await t.app.inject({ url: '/api/admin/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);

    const recovered = await post('/api/admin/login/two-factor', {
      challenge: challengeOf(await login()),
      recovery_code: recoveryCodes[0],
    });
    expect(recovered.statusCode).toBe(200);
    const again = await post('/api/admin/login/two-factor', {
      challenge: challengeOf(await login()),
      recovery_code: recoveryCodes[0],
    });
    expect(again.statusCode).toBe(422);
  });

  it("are kept apart from users: neither kind takes the other kind's challenge, codes or routes", async () => {
    const admin = await signedInAdmin(t.app);
    const adminCodes = await enrolTwoFactor(t.app, t.clock, BASE, admin.auth, ADMIN_PASSWORD);
    const user = await signedInUser(t.app, t.mailer);
    const userCodes = await enrolTwoFactor(t.app, t.clock, '/api/user/two-factor', user.auth, user.password);

    // Tokens: a user token on the admin's routes and an admin token on the user's are 403.
    expect((await t.app.inject({ url: BASE, headers: user.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user/two-factor', headers: admin.auth })).statusCode).toBe(403);

    const adminChallenge = challengeOf(
      await post('/api/admin/login', { email: admin.email, password: ADMIN_PASSWORD }),
    );
    const userChallenge = challengeOf(
      await post('/api/login', { email: user.email, password: user.password }),
    );
    const crossedUser = await post('/api/login/two-factor', {
      challenge: adminChallenge,
      code: nextCode(t.clock, adminCodes.secret),
    });
    expect(crossedUser.statusCode).toBe(410);
    const crossedAdmin = await post('/api/admin/login/two-factor', {
      challenge: userChallenge,
      code: nextCode(t.clock, userCodes.secret),
    });
    expect(crossedAdmin.statusCode).toBe(410);
    // The user's recovery code does not serve the admin, whose challenge still takes its own.
    const wrongKind = await post('/api/admin/login/two-factor', {
      challenge: adminChallenge,
      recovery_code: userCodes.recoveryCodes[0],
    });
    expect(wrongKind.statusCode).toBe(422);
    const right = await post('/api/admin/login/two-factor', {
      challenge: adminChallenge,
      recovery_code: adminCodes.recoveryCodes[0],
    });
    expect(right.statusCode).toBe(200);
  });

  it('without ADMIN_REQUIRE_TWO_FACTOR, an admin without it signs in with the password alone', async () => {
    const admin = await signedInAdmin(t.app);
    const login = await post('/api/admin/login', { email: admin.email, password: ADMIN_PASSWORD });
    expect(login.json()).toMatchObject({ success: true, data: { token_type: 'Bearer' } });
    const setupRoute = await post('/api/admin/login/two-factor/setup', { challenge: 'anything' });
    expect(setupRoute.statusCode).toBe(410);
  });
});

describe('ADMIN_REQUIRE_TWO_FACTOR=true', () => {
  it('an admin without two-factor sign-in enrols with the challenge, which then signs them in', async () => {
    const app = await createTestApp({ env: { ADMIN_REQUIRE_TWO_FACTOR: 'true' } });
    try {
      const inject = (url: string, payload: Record<string, unknown>, headers = {}) =>
        app.app.inject({ method: 'POST', url, payload, headers, remoteAddress: newIp() });
      const admin = await createAdmin(app.app);
      const password = { email: admin.email, password: ADMIN_PASSWORD, remember: true };
      const first = await inject('/api/admin/login', password);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        success: false,
        message: 'Administrators must use two-factor sign-in. Set it up to finish signing in.',
        data: { status: 'two_factor_setup_required' },
      });
      const challenge = challengeOf(first);
      // The challenge is not one for the code step, and it gives no session by itself.
      expect((await inject('/api/admin/login/two-factor', { challenge, code: '123456' })).statusCode).toBe(
        410,
      );

      const setup = await inject('/api/admin/login/two-factor/setup', { challenge });
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret, otpauth_url } = setup.json().data;
      expect(otpauth_url).toContain('issuer=Footfall');
      const wrong = await inject('/api/admin/login/two-factor/enable', { challenge, code: '000000' });
      expect(wrong.statusCode).toBe(422);
      app.clock.advance(30_000);
      const enabled = await inject('/api/admin/login/two-factor/enable', {
        challenge,
        code: codeAt(secret, app.clock.now()),
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
      const body = enabled.json();
      expect(body).toMatchObject({ success: true, data: { token_type: 'Bearer', user: { id: admin.id } } });
      expect(body.data.recovery_codes).toHaveLength(10);
      const days = (Date.parse(body.data.expires_at) - app.clock.now().getTime()) / 86_400_000;
      expect(Math.round(days)).toBe(365);
      const me = await app.app.inject({
        url: '/api/admin/user',
        headers: { authorization: `Bearer ${body.data.token}` },
      });
      expect(me.statusCode).toBe(200);
      // Spent: the challenge enrols once.
      expect((await inject('/api/admin/login/two-factor/setup', { challenge })).statusCode).toBe(410);

      // From now on the password step asks for a code, as for any admin with two-factor sign-in.
      const next = await inject('/api/admin/login', password);
      expect(next.json()).toMatchObject({ data: { status: 'two_factor_required' } });
      app.clock.advance(30_000);
      const signed = await inject('/api/admin/login/two-factor', {
        challenge: challengeOf(next),
        code: codeAt(secret, app.clock.now()),
      });
      expect(signed.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('an expired enrolment challenge is refused, and users are not concerned', async () => {
    const app = await createTestApp({ env: { ADMIN_REQUIRE_TWO_FACTOR: 'true' } });
    try {
      const admin = await createAdmin(app.app);
      const first = await app.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: admin.email, password: ADMIN_PASSWORD },
        remoteAddress: newIp(),
      });
      const challenge = challengeOf(first);
      app.clock.advance(15 * 60_000 + 1_000);
      const late = await app.app.inject({
        method: 'POST',
        url: '/api/admin/login/two-factor/setup',
        payload: { challenge },
      });
      expect(late.statusCode).toBe(410);
      const user = await signedInUser(app.app, app.mailer);
      expect(user.token).toEqual(expect.any(String));
    } finally {
      await app.close();
    }
  });
});

/** An admin account, created as `npm run admin:create` does (here it cannot sign in with a password alone). */
async function createAdmin(app: App) {
  const email = `required-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await ensureAdmin(app.repos, { email, password: ADMIN_PASSWORD, name: 'Required' });
  const row = await app.repos.admins.findByEmail(email);
  if (!row) throw new Error('the admin was not created');
  return { id: row.id, email };
}
