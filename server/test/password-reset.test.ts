import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/bootstrap/admin';
import { PASSWORD, register, verify } from './support/accounts';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const NEW = 'a fresh new password';
const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });
const INVALID_TOKEN = invalid({ token: ['This password reset token is invalid.'] });
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

const t = useTestApp();

let counter = 0;
const unique = (label: string) => {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.com`;
};
/** A client address per test, so that the per-IP limits of one test never touch another. */
let ips = 0;
const nextIp = () => {
  ips += 1;
  return `10.0.${Math.floor(ips / 200)}.${(ips % 200) + 1}`;
};

interface Flow {
  kind: 'user' | 'admin';
  prefix: string;
  loginUrl: string;
  meUrl: string;
  linkKeys: string[];
  /** Creates a signed-in-able account with PASSWORD. */
  create(email: string): Promise<void>;
}

const userFlow: Flow = {
  kind: 'user',
  prefix: '/api/password',
  loginUrl: '/api/login',
  meUrl: '/api/user',
  linkKeys: ['token', 'email'],
  async create(email) {
    await register(t.app, { email });
    await verify(t.app, t.mailer, email);
  },
};
const adminFlow: Flow = {
  kind: 'admin',
  prefix: '/api/admin/password',
  loginUrl: '/api/admin/login',
  meUrl: '/api/admin/user',
  linkKeys: ['token', 'email', 'admin'],
  async create(email) {
    await ensureAdmin(t.app.repos, { email, password: PASSWORD });
  },
};

const signIn = (flow: Flow, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: flow.loginUrl, payload: { email, password } });

async function token(flow: Flow, email: string, password = PASSWORD): Promise<string> {
  const response = await signIn(flow, email, password);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

const requestReset = (flow: Flow, email: string, ip: string, json = false) =>
  t.app.inject({
    method: 'POST',
    remoteAddress: ip,
    ...(json
      ? { url: `${flow.prefix}/email`, payload: { email } }
      : { url: `${flow.prefix}/email?email=${encodeURIComponent(email)}` }),
  });

/** Asks for a reset and answers the token of the mailed link. */
async function mailedToken(flow: Flow, email: string, ip = nextIp()): Promise<string> {
  expect((await requestReset(flow, email, ip)).statusCode).toBe(200);
  return new URL(t.mailer.lastLinkTo(email)).searchParams.get('token') ?? '';
}

const reset = (prefix: string, query: Record<string, string>, payload: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${prefix}/reset?${new URLSearchParams(query)}`,
    payload: { password: NEW, password_confirmation: NEW, ...payload },
  });

describe.each([userFlow, adminFlow])('password reset for a $kind', (flow) => {
  it('answers 200 {success, message} by query and by JSON body, mailing only known addresses', async () => {
    const known = unique(`known-${flow.kind}`);
    const unknown = unique(`unknown-${flow.kind}`);
    await flow.create(known);
    const ip = nextIp();
    const before = t.mailer.sent.length;
    const answers = [
      await requestReset(flow, known, ip),
      await requestReset(flow, known, ip, true),
      await requestReset(flow, unknown, ip),
      await requestReset(flow, unknown, ip, true),
    ];
    const first = answers[0]?.json();
    expect(first).toEqual({ success: true, message: expect.any(String) });
    for (const answer of answers) expectJson(answer, 200, first);
    expect(t.mailer.sent.slice(before).map((mail) => mail.to)).toEqual([known, known]);
  });

  it('mails a link to {APP_URL}/password/reset with the token and the address', async () => {
    const email = unique(`link-${flow.kind}`);
    await flow.create(email);
    await requestReset(flow, email, nextIp());
    const link = new URL(t.mailer.lastLinkTo(email));
    expect(`${link.origin}${link.pathname}`).toBe('http://footfall.test/password/reset');
    expect([...link.searchParams.keys()]).toEqual(flow.linkKeys);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(link.searchParams.get('email')).toBe(email);
    if (flow.kind === 'admin') expect(link.searchParams.get('admin')).toBe('1');
  });

  it('sets the new password and signs out every session of the account', async () => {
    const email = unique(`reset-${flow.kind}`);
    await flow.create(email);
    const sessions = [await token(flow, email), await token(flow, email)];
    const resetToken = await mailedToken(flow, email);
    expectJson(await reset(flow.prefix, { token: resetToken, email }), 200, {
      success: true,
      message: expect.any(String),
    });
    for (const session of sessions) {
      const headers = { authorization: `Bearer ${session}` };
      expectJson(await t.app.inject({ method: 'GET', url: flow.meUrl, headers }), 401, UNAUTHENTICATED);
    }
    expect((await signIn(flow, email, PASSWORD)).statusCode).toBe(422);
    await token(flow, email, NEW);
  });

  it('accepts a token only once', async () => {
    const email = unique(`once-${flow.kind}`);
    await flow.create(email);
    const resetToken = await mailedToken(flow, email);
    expect((await reset(flow.prefix, { token: resetToken, email })).statusCode).toBe(200);
    const again = { password: 'yet another one', password_confirmation: 'yet another one' };
    expectJson(await reset(flow.prefix, { token: resetToken, email }, again), 422, INVALID_TOKEN);
    await token(flow, email, NEW);
  });

  it('refuses a token after 60 minutes', async () => {
    const email = unique(`expired-${flow.kind}`);
    await flow.create(email);
    const resetToken = await mailedToken(flow, email);
    t.clock.advance(61 * 60 * 1000);
    expectJson(await reset(flow.prefix, { token: resetToken, email }), 422, INVALID_TOKEN);
    await token(flow, email, PASSWORD);
  });

  it('refuses a token with another address', async () => {
    const email = unique(`owner-${flow.kind}`);
    const other = unique(`other-${flow.kind}`);
    await flow.create(email);
    await flow.create(other);
    const resetToken = await mailedToken(flow, email);
    expectJson(await reset(flow.prefix, { token: resetToken, email: other }), 422, INVALID_TOKEN);
    await token(flow, other, PASSWORD);
    await token(flow, email, PASSWORD);
  });

  it('replaces the earlier token when a second reset is requested', async () => {
    const email = unique(`replace-${flow.kind}`);
    await flow.create(email);
    const ip = nextIp();
    const first = await mailedToken(flow, email, ip);
    const second = await mailedToken(flow, email, ip);
    expect(second).not.toBe(first);
    expectJson(await reset(flow.prefix, { token: first, email }), 422, INVALID_TOKEN);
    expect((await reset(flow.prefix, { token: second, email })).statusCode).toBe(200);
  });

  it('is 422 naming the missing token or email query', async () => {
    const noToken = await reset(flow.prefix, { email: unique('missing') });
    expectJson(noToken, 422, invalid({ token: ['The token field is required.'] }));
    const noEmail = await reset(flow.prefix, { token: 'abc' });
    expectJson(noEmail, 422, invalid({ email: ['The email field is required.'] }));
  });

  it('is 422 on password for a short or mismatched password, leaving the token usable', async () => {
    const email = unique(`weak-${flow.kind}`);
    await flow.create(email);
    const resetToken = await mailedToken(flow, email);
    const query = { token: resetToken, email };
    const short = await reset(flow.prefix, query, { password: 'short', password_confirmation: 'short' });
    expectJson(short, 422, invalid({ password: ['The password field must be at least 8 characters.'] }));
    const mismatched = await reset(flow.prefix, query, { password_confirmation: 'something else' });
    expectJson(mismatched, 422, invalid({ password: ['The password field confirmation does not match.'] }));
    expect((await reset(flow.prefix, query)).statusCode).toBe(200);
  });

  it('allows 6 requests an hour per address, then answers 429 with Retry-After', async () => {
    const known = unique(`limit-${flow.kind}`);
    await flow.create(known);
    for (const email of [known, unique(`limit-unknown-${flow.kind}`)]) {
      const ip = nextIp();
      for (let i = 0; i < 6; i += 1) expect((await requestReset(flow, email, ip)).statusCode).toBe(200);
      const before = t.mailer.sent.length;
      const refused = await requestReset(flow, email, nextIp());
      expectJson(refused, 429, { message: expect.stringMatching(/\S/) });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600).toBe(true);
      expect(t.mailer.sent.length).toBe(before);
    }
  });
});

describe('password reset across kinds of account', () => {
  it('marks an unverified user as verified so that they can sign in', async () => {
    const { email } = await register(t.app, { email: unique('unverified') });
    const user = userFlow;
    const unverified = await signIn(user, email, PASSWORD);
    expect(unverified.json()).toMatchObject({ success: false, data: { status: 'unverified' } });
    const resetToken = await mailedToken(user, email);
    expect((await reset(user.prefix, { token: resetToken, email })).statusCode).toBe(200);
    const signedIn = await signIn(user, email, NEW);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      success: true,
      data: { user: { email_verified_at: expect.any(String) } },
    });
  });

  it("does not let one kind's token reset the other kind's password", async () => {
    const [user, admin] = [userFlow, adminFlow];
    const email = unique('both');
    await user.create(email);
    await admin.create(email);
    const userToken = await mailedToken(user, email);
    expectJson(await reset(admin.prefix, { token: userToken, email }), 422, INVALID_TOKEN);
    const adminToken = await mailedToken(admin, email);
    expectJson(await reset(user.prefix, { token: adminToken, email }), 422, INVALID_TOKEN);
    await token(admin, email, PASSWORD);
    await token(user, email, PASSWORD);
  });
});
