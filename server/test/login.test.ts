import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/bootstrap/admin';
import { PASSWORD, type Registered, register, verify } from './support/accounts';
import { newIp, sealedBody, useTestApp } from './support/app';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const BAD_CREDENTIALS = {
  message: 'The given data was invalid.',
  errors: { email: ['These credentials do not match our records.'] },
};

const t = useTestApp();

async function verifiedUser(fields: Record<string, unknown> = {}): Promise<Registered> {
  const user = await register(t.app, fields);
  await verify(t.app, t.mailer, user.email);
  return user;
}

function postLogin(payload: Record<string, unknown>, ip = '127.0.0.1', url = '/api/login') {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

function wrong(email: string, ip: string, url = '/api/login') {
  return postLogin({ email, password: 'not the password' }, ip, url);
}

function getUser(token: string | undefined): Promise<LightMyRequestResponse> {
  const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
  return t.app.inject({ method: 'GET', url: '/api/user', headers });
}

async function signIn(user: Registered, remember = false): Promise<{ token: string; expires_at: string }> {
  const response = await postLogin({ email: user.email, password: user.password, remember }, newIp());
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { token: string; expires_at: string } }).data;
}

function expectRefused(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual(BAD_CREDENTIALS);
}

function expectThrottled(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: expect.any(String) });
  expect(String(response.headers['retry-after'])).toMatch(/^\d+$/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
}

function expectSignedIn(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ success: true, data: { token_type: 'Bearer' } });
}

function expectUnauthenticated(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message: 'Unauthenticated.' });
}

describe('POST /api/login', () => {
  it('answers the token, its expiry and the user object', async () => {
    const user = await verifiedUser({ name: 'Grace Hopper', company_name: 'Compilers' });
    const response = await postLogin({ email: user.email, password: PASSWORD }, newIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        token: expect.any(String),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(ISO),
        user: {
          id: user.id,
          name: 'Grace Hopper',
          email: user.email,
          email_verified_at: expect.stringMatching(ISO),
          created_at: expect.stringMatching(ISO),
          companies: [{ id: expect.any(Number), name: 'Compilers', role: 'owner', plan: 'free' }],
          has_password: true,
        },
      },
    });
  });

  it('gives a token that GET /api/user accepts and answers with the same user in the envelope', async () => {
    const user = await verifiedUser();
    const response = await postLogin({ email: user.email, password: PASSWORD }, newIp());
    const { data } = response.json() as { data: { token: string; user: unknown } };
    const me = await getUser(data.token);
    expect(me.statusCode).toBe(200);
    expect(sealedBody(me)).toEqual(data.user);
  });

  it('makes a session expire in 24 hours, or in 365 days with remember', async () => {
    const user = await verifiedUser();
    const short = Date.parse((await signIn(user)).expires_at) - t.clock.now().getTime();
    expect(Math.abs(short - DAY)).toBeLessThan(5000);
    const long = Date.parse((await signIn(user, true)).expires_at) - t.clock.now().getTime();
    expect(Math.abs(long - 365 * DAY)).toBeLessThan(5000);
  });

  it('answers the same 422 on email for a wrong password, an unknown email and an admin account', async () => {
    const user = await verifiedUser();
    const admin = `admin-${Date.now()}@example.com`;
    await ensureAdmin(t.app.repos, { email: admin, password: PASSWORD });
    expectRefused(await postLogin({ email: user.email, password: `${PASSWORD}x` }, newIp()));
    expectRefused(
      await postLogin({ email: `nobody-${Date.now()}@example.com`, password: PASSWORD }, newIp()),
    );
    expectRefused(await postLogin({ email: admin, password: PASSWORD }, newIp()));
  });

  it('matches the email case-insensitively', async () => {
    const user = await verifiedUser();
    expectSignedIn(await postLogin({ email: user.email.toUpperCase(), password: PASSWORD }, newIp()));
  });

  it('answers 422 for missing fields without counting them towards the limit', async () => {
    const user = await verifiedUser();
    const ip = newIp();
    for (let i = 0; i < 6; i += 1) {
      const response = await postLogin({ email: user.email }, ip);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { password: ['The password field is required.'] },
      });
    }
    const noEmail = await postLogin({ password: PASSWORD }, ip);
    expect(noEmail.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email field is required.'] },
    });
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, ip));
  });

  it('refuses even the right password after 5 wrong ones from one IP until the minute passes', async () => {
    const user = await verifiedUser();
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) expectRefused(await wrong(user.email, ip));
    expectThrottled(await postLogin({ email: user.email, password: PASSWORD }, ip));
    expectThrottled(await postLogin({ email: user.email.toUpperCase(), password: PASSWORD }, ip));
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, newIp()));
    t.clock.advance(MINUTE + 1000);
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, ip));
  });

  it('clears the (email, IP) counter on a successful login', async () => {
    const user = await verifiedUser();
    const ip = newIp();
    for (let i = 0; i < 4; i += 1) expectRefused(await wrong(user.email, ip));
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, ip));
    for (let i = 0; i < 5; i += 1) expectRefused(await wrong(user.email, ip));
    expectThrottled(await wrong(user.email, ip));
  });

  it('refuses any login from an IP after 20 wrong ones across emails', async () => {
    const user = await verifiedUser();
    const ip = newIp();
    for (let i = 0; i < 20; i += 1) expectRefused(await wrong(`guess-${i % 5}@example.com`, ip));
    expectThrottled(await postLogin({ email: user.email, password: PASSWORD }, ip));
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, newIp()));
  });

  it('does not count logins of unverified users', async () => {
    const user = await register(t.app);
    const ip = newIp();
    for (let i = 0; i < 6; i += 1) {
      const response = await postLogin({ email: user.email, password: PASSWORD }, ip);
      expect(response.json()).toEqual({
        success: false,
        message: 'Your email address is not verified.',
        data: { status: 'unverified', user_id: user.id },
      });
    }
    for (let i = 0; i < 4; i += 1) expectRefused(await wrong(user.email, ip));
    await verify(t.app, t.mailer, user.email);
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, ip));
  });

  it('counts admin and user logins separately', async () => {
    const user = await verifiedUser();
    await ensureAdmin(t.app.repos, { email: user.email, password: PASSWORD });
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) expectRefused(await wrong(user.email, ip, '/api/admin/login'));
    expectThrottled(await postLogin({ email: user.email, password: PASSWORD }, ip, '/api/admin/login'));
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, ip));
    for (let i = 0; i < 5; i += 1) expectRefused(await wrong(user.email, ip));
    expectThrottled(await postLogin({ email: user.email, password: PASSWORD }, ip));
    t.clock.advance(MINUTE + 1000);
    for (let i = 0; i < 5; i += 1) expectRefused(await wrong(user.email, ip));
    expectSignedIn(await postLogin({ email: user.email, password: PASSWORD }, ip, '/api/admin/login'));
  });
});

describe('bearer sessions', () => {
  it('ends a 24-hour session after 24 hours without use', async () => {
    const { token } = await signIn(await verifiedUser());
    t.clock.advance(DAY + MINUTE);
    expectUnauthenticated(await getUser(token));
  });

  it('slides a 24-hour session forward with each use', async () => {
    const { token } = await signIn(await verifiedUser());
    t.clock.advance(23 * HOUR);
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(23 * HOUR);
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(DAY + MINUTE);
    expectUnauthenticated(await getUser(token));
  });

  it('keeps a remember session alive after 30 days without use', async () => {
    const { token } = await signIn(await verifiedUser(), true);
    t.clock.advance(30 * DAY);
    const me = await getUser(token);
    expect(me.statusCode).toBe(200);
    expect(sealedBody(me)).toMatchObject({ id: expect.any(Number) });
  });

  it('answers 401 Unauthenticated. for a garbage token, a foreign signature and no header', async () => {
    const { token } = await signIn(await verifiedUser());
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${createHmac('sha256', 'another-secret-entirely-of-enough-length')
      .update(`${header}.${payload}`)
      .digest('base64url')}`;
    expectUnauthenticated(await getUser('garbage'));
    expectUnauthenticated(await getUser(forged));
    expectUnauthenticated(await getUser(undefined));
    expectUnauthenticated(
      await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: token } }),
    );
    expect((await getUser(token)).statusCode).toBe(200);
  });
});
