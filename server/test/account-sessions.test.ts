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

/** The caller's sessions, asked from `ip` (which is then where the caller's session was last used). */
const sessionsOf = async (auth: Record<string, string>, ip?: string): Promise<AccountSession[]> => {
  const response = await t.app.inject({
    url: '/api/user/sessions',
    headers: auth,
    ...(ip !== undefined && { remoteAddress: ip }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const who = (auth: Record<string, string>, ip?: string) =>
  t.app.inject({ url: '/api/user', headers: auth, ...(ip !== undefined && { remoteAddress: ip }) });

/** The caller's own session as listed. */
const currentOf = async (auth: Record<string, string>, ip?: string) =>
  (await sessionsOf(auth, ip)).find((session) => session.current);

describe('the sessions of an account', () => {
  it('are listed with browser, OS, device, country and last use, the caller’s own marked, never their secret', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const laptop = await signInFrom(user.email, CHROME_UA, '8.8.8.8');
    t.clock.advance(60_000);
    const phone = await signInFrom(user.email, IPHONE_UA, '81.2.69.160');

    const listed = await sessionsOf(laptop, '8.8.8.8');
    expect(listed).toHaveLength(3);
    // The one used last first: the laptop, used by this very request; the phone a minute after it signed in.
    const [first, second] = listed;
    expect(first).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      country: 'US',
      network: '8.8.8.0/24',
      last_used_country: 'US',
      last_used_network: '8.8.8.0/24',
      current: true,
    });
    expect(second).toMatchObject({
      browser: 'Mobile Safari',
      os: 'iOS',
      device: 'mobile',
      country: 'GB',
      network: '81.2.69.0/24',
      last_used_country: 'GB',
      last_used_network: '81.2.69.0/24',
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

  it('give the network of an IPv6 address as its /48 and of an IPv4-mapped one as the IPv4 /24', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const ipv6 = await signInFrom(user.email, CHROME_UA, '2a01:4f8:c17:1::1');
    expect(await currentOf(ipv6, '2a01:4f8:c17:1::1')).toMatchObject({
      country: 'DE',
      network: '2a01:4f8:c17::/48',
      last_used_country: 'DE',
      last_used_network: '2a01:4f8:c17::/48',
    });
    const mapped = await signInFrom(user.email, IPHONE_UA, '::ffff:81.2.69.160');
    expect(await currentOf(mapped, '::ffff:81.2.69.160')).toMatchObject({
      country: 'GB',
      network: '81.2.69.0/24',
      last_used_network: '81.2.69.0/24',
    });
  });

  it('give no country or network for an address that is missing or unknown, and still answer', async () => {
    const user = await signedInUser(t.app, t.mailer);
    // What a proxy writes when it knows no address, and what is no address at all (the socket's own address
    // is never missing behind `app.inject`; an empty one is checked in session-network.test.ts).
    for (const ip of ['unknown', '999.1.1.1', '127.0.0.1']) {
      const auth = await signInFrom(user.email, CHROME_UA, ip);
      const current = await currentOf(auth, ip);
      expect(current, ip).toMatchObject({ country: null, last_used_country: null });
      // Loopback is an address without a country: its network is still shown, as the owner's machine.
      const network = ip === '127.0.0.1' ? '127.0.0.0/24' : null;
      expect(current, ip).toMatchObject({ network, last_used_network: network });
    }
  });

  it('show where a session was last used apart from where it signed in, at once', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const laptop = await signInFrom(user.email, CHROME_UA, '8.8.8.8');
    // Within the minute in which last use is not written again, but from another network: written at once.
    t.clock.advance(5_000);
    expect((await who(laptop, '2a01:4f8:c17:1::1')).statusCode).toBe(200);
    const moved = (await sessionsOf(user.auth)).find((session) => !session.current);
    expect(moved).toMatchObject({ country: 'US', network: '8.8.8.0/24' });
    expect(moved).toMatchObject({ last_used_country: 'DE', last_used_network: '2a01:4f8:c17::/48' });
    expect(Date.parse(moved?.last_used_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(moved?.created_at ?? '') + 5_000,
    );
    // An unknown address is shown as such, never as the network it was used from before.
    expect((await who(laptop, 'unknown')).statusCode).toBe(200);
    const unknown = (await sessionsOf(user.auth)).find((session) => !session.current);
    expect(unknown).toMatchObject({
      network: '8.8.8.0/24',
      last_used_country: null,
      last_used_network: null,
    });
  });

  it('are stored with their networks only, never the addresses they came from', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const phone = await signInFrom(user.email, IPHONE_UA, '81.2.69.160');
    await who(phone, '2a01:4f8:c17:1:2:3:4:5');
    const stored = await t.app.repos.authSessions.listActive('user', user.id, t.clock.now());
    const row = stored.find((session) => session.ip === '81.2.69.0');
    expect(row).toMatchObject({ lastUsedIp: '2a01:4f8:c17::' });
    const text = JSON.stringify(stored);
    for (const address of ['81.2.69.160', '2a01:4f8:c17:1']) expect(text).not.toContain(address);
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
