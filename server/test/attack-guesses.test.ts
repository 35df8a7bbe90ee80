import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { ADMIN_PASSWORD, signedInAdmin } from './support/admins';
import { companyOwner } from './support/analytics';
import { newIp, useTestApp } from './support/app';
import { atOnce, statuses } from './support/at-once';
import { challengeOf, enrolTwoFactor, nextCode } from './support/two-factor';

// Guesses sent at once are limited exactly like guesses sent one by one (docs/api.md "Limits that hold
// under attack"): every limit on a secret counts an attempt before the slow check. Each test sends its
// attempts together, on SQLite and on PostgreSQL (TEST_DATABASE_URL), and counts what was evaluated.

const t = useTestApp();

const signIn = (url: string, payload: Record<string, unknown>, ip: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

function expectRetryAfter(responses: LightMyRequestResponse[]) {
  for (const response of responses.filter((answer) => answer.statusCode === 429)) {
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
}

describe('guesses sent at once', () => {
  it('of 40 wrong logins for one address from one IP, 5 are checked and 35 refused with 429', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const ip = newIp();
    const answers = await atOnce(40, (i) =>
      signIn('/api/login', { email: user.email, password: `wrong ${i}` }, ip),
    );
    expect(statuses(answers)).toEqual({ 422: 5, 429: 35 });
    expectRetryAfter(answers);
    const right = await signIn('/api/login', { email: user.email, password: user.password }, ip);
    expect(right.statusCode).toBe(429);
  });

  it('guesses one account refused are not counted against the address: another account still signs in', async () => {
    // The narrower limit is counted first and a guess it refuses never reaches the address's counter, so
    // 40 guesses at one account leave 15 of the address's 20 (and, sent at once, exactly 5 are checked).
    const [target, other] = [await signedInUser(t.app, t.mailer), await signedInUser(t.app, t.mailer)];
    const ip = newIp();
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(await signIn('/api/login', { email: target.email, password: `wrong ${i}` }, ip));
    }
    expect(statuses(answers)).toEqual({ 422: 5, 429: 35 });
    const elsewhere = await signIn('/api/login', { email: other.email, password: other.password }, ip);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('of 40 wrong logins across addresses from one IP, 20 are checked', async () => {
    const ip = newIp();
    const answers = await atOnce(40, (i) =>
      signIn('/api/login', { email: `nobody${i}@example.com`, password: 'wrong' }, ip),
    );
    expect(statuses(answers)).toEqual({ 422: 20, 429: 20 });
  });

  it('of 40 wrong admin logins, 5 are checked, and the right password afterwards still signs in elsewhere', async () => {
    const admin = await signedInAdmin(t.app);
    const ip = newIp();
    const answers = await atOnce(40, (i) =>
      signIn('/api/admin/login', { email: admin.email, password: `wrong ${i}` }, ip),
    );
    expect(statuses(answers)).toEqual({ 422: 5, 429: 35 });
    const elsewhere = await signIn(
      '/api/admin/login',
      { email: admin.email, password: ADMIN_PASSWORD },
      newIp(),
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a right login takes its attempt back: 20 in a row from one IP leave every wrong guess to come', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const ip = newIp();
    const rights = [];
    for (let i = 0; i < 20; i++) {
      rights.push(await signIn('/api/login', { email: user.email, password: user.password }, ip));
    }
    expect(statuses(rights)).toEqual({ 200: 20 });
    const wrongs = await atOnce(8, (i) =>
      signIn('/api/login', { email: user.email, password: `wrong ${i}` }, ip),
    );
    expect(statuses(wrongs)).toEqual({ 422: 5, 429: 3 });
  });

  it('of 40 wrong passwords for a shared link from one IP, 5 are checked', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/shared-links`,
      headers: owner.auth,
      payload: { name: 'Investors', password: 'open sesame' },
    });
    const { token } = created.json().data;
    const ip = newIp();
    const answers = await atOnce(40, (i) =>
      t.app.inject({
        method: 'POST',
        url: `/api/shared/${token}/unlock`,
        payload: { password: `wrong ${i}` },
        remoteAddress: ip,
      }),
    );
    expect(statuses(answers)).toEqual({ 422: 5, 429: 35 });
    expectRetryAfter(answers);
  });

  it('of 10 wrong codes for one two-factor challenge, 5 are checked and the challenge is spent', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const { secret } = await enrolTwoFactor(t.app, t.clock, '/api/user/two-factor', user.auth, user.password);
    const challenge = challengeOf(
      await signIn('/api/login', { email: user.email, password: user.password }, newIp()),
    );
    const answers = await atOnce(10, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        payload: { challenge, code: String(100000 + i) },
        remoteAddress: newIp(),
      }),
    );
    // Four wrong codes are 422; the fifth spends the challenge (410), as do those counted past it.
    expect(statuses(answers)).toEqual({ 422: 4, 410: 6 });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      payload: { challenge, code: nextCode(t.clock, secret) },
      remoteAddress: newIp(),
    });
    expect(right.statusCode).toBe(410);
  });

  it('of 50 wrong codes over 10 challenges from one IP, 10 are checked', async () => {
    const user = await signedInUser(t.app, t.mailer);
    await enrolTwoFactor(t.app, t.clock, '/api/user/two-factor', user.auth, user.password);
    const challenges: string[] = [];
    for (let i = 0; i < 10; i++) {
      const step = await signIn('/api/login', { email: user.email, password: user.password }, newIp());
      challenges.push(challengeOf(step));
    }
    const ip = newIp();
    const answers = await atOnce(50, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/two-factor',
        payload: { challenge: challenges[i % 10], code: String(200000 + i) },
        remoteAddress: ip,
      }),
    );
    const counts = statuses(answers);
    expect(counts[429]).toBe(40);
    expect((counts[422] ?? 0) + (counts[410] ?? 0)).toBe(10);
  });

  it('of 30 wrong current passwords at once, 10 are checked, on each route that asks for one', async () => {
    const routes = [
      {
        method: 'PUT' as const,
        url: '/api/user/password',
        body: (p: string) => ({
          current_password: p,
          password: 'a new password 1',
          password_confirmation: 'a new password 1',
        }),
      },
      { method: 'POST' as const, url: '/api/user/two-factor/setup', body: (p: string) => ({ password: p }) },
    ];
    for (const route of routes) {
      const user = await signedInUser(t.app, t.mailer);
      const answers = await atOnce(30, (i) =>
        t.app.inject({
          method: route.method,
          url: route.url,
          headers: user.auth,
          payload: route.body(`wrong ${i}`),
        }),
      );
      expect(statuses(answers), route.url).toEqual({ 422: 10, 429: 20 });
      expectRetryAfter(answers);
    }
  });
});
