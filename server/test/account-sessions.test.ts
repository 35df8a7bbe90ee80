import type { AccountSession } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { CHROME_UA, IPHONE_UA } from './support/tracking';

const t = useTestApp();

/** Signs in again from another device: a user agent and an address. */
async function signInFrom(email: string, userAgent: string, ip: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().data.token}` };
}

const sessionsOf = async (auth: Record<string, string>): Promise<AccountSession[]> => {
  const response = await t.app.inject({ url: '/api/user/sessions', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const who = (auth: Record<string, string>) => t.app.inject({ url: '/api/user', headers: auth });

describe('the sessions of an account', () => {
  it('are listed with browser, OS, device, country and last use, the caller’s own marked, never their secret', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const laptop = await signInFrom(user.email, CHROME_UA, '8.8.8.8');
    t.clock.advance(60_000);
    const phone = await signInFrom(user.email, IPHONE_UA, '81.2.69.160');

    const listed = await sessionsOf(laptop);
    expect(listed).toHaveLength(3);
    // The one used last first: the laptop, used by this very request; the phone a minute after it signed in.
    const [first, second] = listed;
    expect(first).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      country: 'US',
      current: true,
    });
    expect(second).toMatchObject({
      browser: 'Mobile Safari',
      os: 'iOS',
      device: 'mobile',
      country: 'GB',
      current: false,
    });
    const lastUses = listed.map((session) => Date.parse(session.last_used_at));
    expect([...lastUses].sort((a, b) => b - a)).toEqual(lastUses);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    for (const session of listed) {
      expect(session.id).toMatch(/^[0-9a-f]{24}$/);
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));
    }
    // The handle is not the token's session id: no answer holds anything a token is made of.
    const stored = await t.app.repos.authSessions.listActive('user', user.id, t.clock.now());
    const body = JSON.stringify(listed);
    for (const session of stored) expect(body).not.toContain(session.id);
    expect((await sessionsOf(phone)).find((session) => session.current)?.id).toBe(second?.id);
  });

  it('signs out one session at once, and all the others, keeping the caller’s', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const laptop = await signInFrom(user.email, CHROME_UA, '8.8.8.8');
    const phone = await signInFrom(user.email, IPHONE_UA, '81.2.69.160');
    const phoneHandle = (await sessionsOf(phone)).find((session) => session.current)?.id;

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneHandle}`,
      headers: laptop,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await who(phone)).statusCode).toBe(401);
    expect((await sessionsOf(laptop)).map((session) => session.id)).not.toContain(phoneHandle);
    // Gone is gone: a second revocation finds nothing.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${phoneHandle}`,
      headers: laptop,
    });
    expect(again.statusCode).toBe(404);

    const others = await t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: laptop });
    expect(others.statusCode).toBe(204);
    expect((await who(user.auth)).statusCode).toBe(401);
    expect((await who(laptop)).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  it("never reaches another account's sessions, and refuses bad handles and strangers", async () => {
    const ann = await signedInUser(t.app, t.mailer);
    const bob = await signedInUser(t.app, t.mailer);
    const [annSession] = await sessionsOf(ann.auth);
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${annSession?.id}`,
      headers: bob.auth,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await who(ann.auth)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: bob.auth });
    expect((await who(ann.auth)).statusCode).toBe(200);

    for (const bad of ['abc', 'G'.repeat(24), `${'a'.repeat(24)}0`]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/sessions/${bad}`,
        headers: bob.auth,
      });
      expect(response.statusCode, bad).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/sessions' })).statusCode).toBe(401);
  });
});
