import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { newIp, useTestApp } from './support/app';
import { challengeOf, codeAt, enrolTwoFactor, nextCode } from './support/two-factor';

// Two-factor sign-in of users (docs/api.md "Two-factor sign-in"), on SQLite and on PostgreSQL
// (TEST_DATABASE_URL). Each code is taken for a new time step (nextCode moves the clock), as the server
// refuses a step's code a second time.

const t = useTestApp();
const BASE = '/api/user/two-factor';
const RECOVERY_CODE = /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{2}$/;
const GONE = 'This sign-in has expired or was already used. Sign in again with your email and password.';

async function enrolledUser() {
  const user = await signedInUser(t.app, t.mailer);
  const enrolled = await enrolTwoFactor(t.app, t.clock, BASE, user.auth, user.password);
  return { ...user, ...enrolled };
}

function post(url: string, payload: Record<string, unknown>, headers = {}, ip = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
}

async function passwordStep(user: { email: string; password: string }, ip = newIp(), remember = false) {
  return challengeOf(
    await post('/api/login', { email: user.email, password: user.password, remember }, {}, ip),
  );
}

function codeStep(payload: Record<string, unknown>, ip = '127.0.0.1') {
  return post('/api/login/two-factor', payload, {}, ip);
}

function status(auth: Record<string, string>) {
  return t.app.inject({ url: BASE, headers: auth });
}

function expectFieldError(response: LightMyRequestResponse, field: string, message: RegExp | string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().errors[field]?.[0]).toMatch(message);
}

describe('enrolment', () => {
  it('is off for a new account, and setting up asks for the password', async () => {
    const user = await signedInUser(t.app, t.mailer);
    expect((await status(user.auth)).json()).toEqual({
      data: { enabled: false, enabled_at: null, recovery_codes_left: 0 },
    });
    const wrong = await post(`${BASE}/setup`, { password: 'not the password' }, user.auth);
    expectFieldError(wrong, 'password', 'The password is incorrect.');
  });

  it('shows a new secret as text, as an otpauth URL of the issuer Footfall and as an SVG QR code', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const setup = await post(`${BASE}/setup`, { password: user.password }, user.auth);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Footfall');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Still off until the first code arrives, and a second setup starts over with a new secret.
    expect((await status(user.auth)).json().data.enabled).toBe(false);
    const again = await post(`${BASE}/setup`, { password: user.password }, user.auth);
    expect(again.json().data.secret).not.toBe(secret);
  });

  it('keeps the secret encrypted in the database', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const setup = await post(`${BASE}/setup`, { password: user.password }, user.auth);
    const row = await t.app.repos.twoFactor.find('user', user.id);
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(setup.json().data.secret);
  });

  it('turns on with a first right code, answers ten recovery codes once and signs out other sessions', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const other = await passwordlessOtherSession(user);
    const setup = await post(`${BASE}/setup`, { password: user.password }, user.auth);
    const { secret } = setup.json().data;
    const wrong = await post(`${BASE}/enable`, { code: '000000' }, user.auth, newIp());
    expectFieldError(wrong, 'code', /not right/);
    const enable = await post(`${BASE}/enable`, { code: nextCode(t.clock, secret) }, user.auth);
    expect(enable.statusCode, enable.body).toBe(200);
    const codes: string[] = enable.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
    expect(new Set(codes).size).toBe(10);
    const state = (await status(user.auth)).json().data;
    expect(state).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(Date.parse(state.enabled_at)).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/user', headers: other })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: user.auth })).statusCode).toBe(200);
    // On is on: setting up again, or enabling again, is a conflict.
    expect((await post(`${BASE}/setup`, { password: user.password }, user.auth)).statusCode).toBe(409);
    const twice = await post(`${BASE}/enable`, { code: nextCode(t.clock, secret) }, user.auth);
    expect(twice.statusCode).toBe(409);
  });

  it('refuses to enable before a setup, and refuses an old code of the secret', async () => {
    const user = await signedInUser(t.app, t.mailer);
    expect((await post(`${BASE}/enable`, { code: '123456' }, user.auth)).statusCode).toBe(409);
    const { secret } = (await post(`${BASE}/setup`, { password: user.password }, user.auth)).json().data;
    const old = codeAt(secret, new Date(t.clock.now().getTime() - 5 * 60_000));
    expectFieldError(await post(`${BASE}/enable`, { code: old }, user.auth, newIp()), 'code', /not right/);
  });

  async function passwordlessOtherSession(user: { email: string; password: string }) {
    const response = await post('/api/login', { email: user.email, password: user.password }, {}, newIp());
    return { authorization: `Bearer ${response.json().data.token}` };
  }
});

describe('signing in', () => {
  it('the password step asks for a code with a challenge, and the code step signs in', async () => {
    const user = await enrolledUser();
    const response = await post('/api/login', { email: user.email, password: user.password }, {}, newIp());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: false, data: { status: 'two_factor_required' } });
    expect(body.data).not.toHaveProperty('token');
    const lifetime = Date.parse(body.data.expires_at) - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000);
    const signed = await codeStep({ challenge: body.data.challenge, code: nextCode(t.clock, user.secret) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({
      success: true,
      data: { token_type: 'Bearer', user: { id: user.id } },
    });
    const me = await t.app.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${signed.json().data.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('keeps the "remember me" choice of the password step', async () => {
    const user = await enrolledUser();
    const challenge = await passwordStep(user, newIp(), true);
    const signed = await codeStep({ challenge, code: nextCode(t.clock, user.secret) });
    const days = (Date.parse(signed.json().data.expires_at) - t.clock.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
  });

  it('accepts a code typed with spaces, and the code of the next step (a clock a little fast)', async () => {
    const user = await enrolledUser();
    t.clock.advance(30_000);
    const ahead = codeAt(user.secret, new Date(t.clock.now().getTime() + 30_000));
    const signed = await codeStep({
      challenge: await passwordStep(user),
      code: `${ahead.slice(0, 3)} ${ahead.slice(3)}`,
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('refuses a wrong code, and the challenge still takes the right one', async () => {
    const user = await enrolledUser();
    const challenge = await passwordStep(user);
    const code = nextCode(t.clock, user.secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectFieldError(await codeStep({ challenge, code: wrong }, newIp()), 'code', /not right/);
    expectFieldError(await codeStep({ challenge, code: 'abcdef' }, newIp()), 'code', /not right/);
    expect((await codeStep({ challenge, code })).statusCode).toBe(200);
  });

  it('refuses a code of a time step already used, even with a new challenge', async () => {
    const user = await enrolledUser();
    const code = nextCode(t.clock, user.secret);
    expect((await codeStep({ challenge: await passwordStep(user), code })).statusCode).toBe(200);
    const reused = await codeStep({ challenge: await passwordStep(user), code }, newIp());
    expectFieldError(reused, 'code', /has just been used/);
    // An older step than the last one used is refused as well, within the window or not.
    const earlier = codeAt(user.secret, new Date(t.clock.now().getTime() - 30_000));
    expectFieldError(
      await codeStep({ challenge: await passwordStep(user), code: earlier }, newIp()),
      'code',
      /./,
    );
  });

  it('refuses an expired challenge: sign in again', async () => {
    const user = await enrolledUser();
    const challenge = await passwordStep(user);
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await codeStep({ challenge, code: codeAt(user.secret, t.clock.now()) });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: GONE });
  });

  it('takes a challenge once', async () => {
    const user = await enrolledUser();
    const challenge = await passwordStep(user);
    expect((await codeStep({ challenge, code: nextCode(t.clock, user.secret) })).statusCode).toBe(200);
    const again = await codeStep({ challenge, code: nextCode(t.clock, user.secret) });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: GONE });
  });

  it('refuses an unknown challenge, and one code step with neither or both codes', async () => {
    const user = await enrolledUser();
    expect((await codeStep({ challenge: 'no-such-challenge', code: '123456' })).statusCode).toBe(410);
    const challenge = await passwordStep(user);
    expectFieldError(await codeStep({ challenge }), 'code', /Enter the 6-digit code/);
    const both = await codeStep({ challenge, code: '123456', recovery_code: user.recoveryCodes[0] });
    expectFieldError(both, 'code', /Enter the 6-digit code/);
  });

  it('spends the challenge at the fifth wrong code', async () => {
    const user = await enrolledUser();
    const challenge = await passwordStep(user);
    const ip = newIp();
    for (let i = 0; i < 4; i += 1) {
      expect((await codeStep({ challenge, code: '000000' }, ip)).statusCode).toBe(422);
    }
    const fifth = await codeStep({ challenge, code: '000000' }, ip);
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().message).toMatch(/Too many wrong codes\. Sign in again/);
    const right = await codeStep({ challenge, code: nextCode(t.clock, user.secret) }, newIp());
    expect(right.statusCode).toBe(410);
  });

  it('limits wrong codes per address: 429 with Retry-After, whatever the challenge', async () => {
    const user = await enrolledUser();
    const ip = newIp();
    for (let round = 0; round < 2; round += 1) {
      const challenge = await passwordStep(user);
      for (let i = 0; i < 5; i += 1) await codeStep({ challenge, code: '000000' }, ip);
    }
    const challenge = await passwordStep(user);
    const limited = await codeStep({ challenge, code: nextCode(t.clock, user.secret) }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many wrong codes\. Please try again in \d+ (seconds|minutes)\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another address is not held back, and the same challenge still serves it.
    expect((await codeStep({ challenge, code: nextCode(t.clock, user.secret) }, newIp())).statusCode).toBe(
      200,
    );
  });

  it('a wrong password still answers the usual refusal, and reveals nothing of two-factor sign-in', async () => {
    const user = await enrolledUser();
    const response = await post('/api/login', { email: user.email, password: 'wrong password' }, {}, newIp());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['These credentials do not match our records.']);
  });
});

describe('a secret the server can no longer read', () => {
  it('says to use a recovery code, which still signs in', async () => {
    const user = await enrolledUser();
    // As after a change of JWT_SECRET: the stored secret was sealed under another key.
    const { twoFactorSecrets } = t.app.db.schema;
    const other = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA';
    await t.app.db.orm
      .update(twoFactorSecrets)
      .set({ secret: other })
      .where(eq(twoFactorSecrets.userId, user.id));
    const challenge = await passwordStep(user);
    const refused = await codeStep({ challenge, code: nextCode(t.clock, user.secret) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Use a recovery code instead\.$/);
    const signed = await codeStep({ challenge, recovery_code: user.recoveryCodes[0] });
    expect(signed.statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('sign in once each, typed in any case and with spaces, and the count of those left drops', async () => {
    const user = await enrolledUser();
    const [first = ''] = user.recoveryCodes;
    const typed = ` ${first.toUpperCase().replace(/-/g, ' ')} `;
    const signed = await codeStep({ challenge: await passwordStep(user), recovery_code: typed });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await status(user.auth)).json().data.recovery_codes_left).toBe(9);
    const twice = await codeStep({ challenge: await passwordStep(user), recovery_code: first }, newIp());
    expectFieldError(twice, 'recovery_code', /already been used/);
    expect((await status(user.auth)).json().data.recovery_codes_left).toBe(9);
  });

  it('are refused when made up, or as the code of the app', async () => {
    const user = await enrolledUser();
    const challenge = await passwordStep(user);
    expectFieldError(
      await codeStep({ challenge, recovery_code: 'aaaa-bbbb-cc' }, newIp()),
      'recovery_code',
      /not right/,
    );
    expectFieldError(
      await codeStep({ challenge, code: user.recoveryCodes[1] }, newIp()),
      'code',
      /not right/,
    );
  });

  it('can be replaced with the password and a code: the old ones stop working', async () => {
    const user = await enrolledUser();
    const wrongPassword = await post(
      `${BASE}/recovery-codes`,
      { password: 'nope', code: nextCode(t.clock, user.secret) },
      user.auth,
    );
    expectFieldError(wrongPassword, 'password', 'The password is incorrect.');
    const wrongCode = await post(
      `${BASE}/recovery-codes`,
      { password: user.password, code: '000000' },
      user.auth,
      newIp(),
    );
    expectFieldError(wrongCode, 'code', /not right/);
    const fresh = await post(
      `${BASE}/recovery-codes`,
      { password: user.password, code: nextCode(t.clock, user.secret) },
      user.auth,
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes: string[] = fresh.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    const old = await codeStep(
      { challenge: await passwordStep(user), recovery_code: user.recoveryCodes[0] },
      newIp(),
    );
    expectFieldError(old, 'recovery_code', /not right/);
    const signed = await codeStep({ challenge: await passwordStep(user), recovery_code: codes[0] });
    expect(signed.statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('needs the password and a valid code, and then the password alone signs in', async () => {
    const user = await enrolledUser();
    const code = () => nextCode(t.clock, user.secret);
    expectFieldError(
      await post(`${BASE}/disable`, { password: 'nope', code: code() }, user.auth),
      'password',
      /incorrect/,
    );
    expectFieldError(
      await post(`${BASE}/disable`, { password: user.password, code: '000000' }, user.auth, newIp()),
      'code',
      /not right/,
    );
    expect((await post(`${BASE}/disable`, { password: user.password }, user.auth)).statusCode).toBe(422);
    expect((await status(user.auth)).json().data.enabled).toBe(true);
    const off = await post(`${BASE}/disable`, { password: user.password, code: code() }, user.auth);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ success: true, message: 'Two-factor sign-in is off.' });
    expect((await status(user.auth)).json().data).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const login = await post('/api/login', { email: user.email, password: user.password }, {}, newIp());
    expect(login.json()).toMatchObject({ success: true, data: { token_type: 'Bearer' } });
    expect(
      (await post(`${BASE}/disable`, { password: user.password, code: code() }, user.auth)).statusCode,
    ).toBe(409);
  });

  it('takes a recovery code instead of the code of the app', async () => {
    const user = await enrolledUser();
    const off = await post(
      `${BASE}/disable`,
      { password: user.password, code: user.recoveryCodes[3] },
      user.auth,
    );
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe('the audit log', () => {
  it('records turning it on and off, new recovery codes and a sign-in with a recovery code, with a truncated address', async () => {
    const user = await enrolledUser();
    const signed = await codeStep(
      { challenge: await passwordStep(user), recovery_code: user.recoveryCodes[0] },
      '198.51.100.23',
    );
    expect(signed.statusCode, signed.body).toBe(200);
    // A sign-in with a code of the app is a sign-in, and sign-ins are not recorded.
    const withApp = await codeStep({
      challenge: await passwordStep(user),
      code: nextCode(t.clock, user.secret),
    });
    expect(withApp.statusCode, withApp.body).toBe(200);
    const fresh = await post(
      `${BASE}/recovery-codes`,
      { password: user.password, code: nextCode(t.clock, user.secret) },
      user.auth,
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    const off = await post(
      `${BASE}/disable`,
      { password: user.password, code: nextCode(t.clock, user.secret) },
      user.auth,
    );
    expect(off.statusCode, off.body).toBe(200);
    const entries = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 10);
    expect(entries.map((entry) => entry.action)).toEqual([
      'account.two_factor_disabled',
      'account.recovery_codes_regenerated',
      'account.recovery_code_used',
      'account.two_factor_enabled',
    ]);
    expect(entries[2]).toMatchObject({ actorKind: 'user', actorEmail: user.email, ip: '198.51.100.0' });
    expect(JSON.stringify(entries)).not.toContain(user.recoveryCodes[0]);
  });
});

describe('hostile input', () => {
  it.each([
    ['a NUL in the code', { code: '123\u0000456' }],
    ['a NUL in the challenge', { challenge: 'abc\u0000', code: '123456' }],
    ['a huge code', { code: '1'.repeat(100_000) }],
    ['a huge challenge', { challenge: 'a'.repeat(100_000), code: '123456' }],
    ['a number for a code', { code: 123456 }],
    ['a huge recovery code', { recovery_code: 'a'.repeat(5_000) }],
  ])('the code step refuses %s with a 4xx', async (_name, payload) => {
    const response = await codeStep({ challenge: 'c', ...payload }, newIp());
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('the account routes refuse NUL bytes and huge strings with a 4xx', async () => {
    const user = await signedInUser(t.app, t.mailer);
    for (const [url, payload] of [
      [`${BASE}/setup`, { password: `x\u0000` }],
      [`${BASE}/enable`, { code: `12\u00003456` }],
      [`${BASE}/enable`, { code: '9'.repeat(70) }],
      [`${BASE}/disable`, { password: 'p'.repeat(10_000), code: '123456' }],
      [`${BASE}/recovery-codes`, { password: user.password, code: `\u0000` }],
    ] as const) {
      const response = await post(url, payload, user.auth, newIp());
      expect(response.statusCode, `${url} ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('the account routes need a signed-in user', async () => {
    expect((await t.app.inject({ url: BASE })).statusCode).toBe(401);
    expect((await post(`${BASE}/setup`, { password: 'x' })).statusCode).toBe(401);
  });
});
