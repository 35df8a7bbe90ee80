import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/bootstrap/admin';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PASSWORD = 'admin password 123';
const BAD_CREDENTIALS = {
  message: 'The given data was invalid.',
  errors: { email: ['These credentials do not match our records.'] },
};
const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const HOUR = 60 * 60 * 1000;

const t = useTestApp();

let counter = 0;
/** A fresh admin with a unique address; each call also gets its own client address for the login limits. */
async function newAdmin() {
  counter += 1;
  const email = `admin${counter}-${Date.now()}@example.com`;
  await ensureAdmin(t.app.repos, { email, password: PASSWORD, name: 'Grace Hopper' });
  const row = await t.app.repos.admins.findByEmail(email);
  if (!row) throw new Error('the admin was not created');
  return { id: row.id, email, ip: `10.1.0.${counter}` };
}

const adminLogin = (email: string, password: string, ip = '127.0.0.1', remember?: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: ip,
    payload: { email, password, ...(remember !== undefined && { remember }) },
  });

async function adminToken(email: string): Promise<string> {
  const response = await adminLogin(email, PASSWORD);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /api/admin/login', () => {
  it('answers the bearer token and the admin object', async () => {
    const admin = await newAdmin();
    const response = await adminLogin(admin.email.toUpperCase(), PASSWORD, admin.ip);
    expectJson(response, 200, {
      success: true,
      message: expect.any(String),
      data: {
        token: expect.any(String),
        token_type: 'Bearer',
        expires_at: expect.stringMatching(ISO),
        user: { id: admin.id, name: 'Grace Hopper', email: admin.email, role: 'admin' },
      },
    });
    const expiresAt = Date.parse(response.json<{ data: { expires_at: string } }>().data.expires_at);
    expect(Math.abs(expiresAt - (t.clock.now().getTime() + 24 * HOUR))).toBeLessThan(60_000);
  });

  it('gives a 365-day session with remember', async () => {
    const admin = await newAdmin();
    const response = await adminLogin(admin.email, PASSWORD, admin.ip, true);
    const expiresAt = Date.parse(response.json<{ data: { expires_at: string } }>().data.expires_at);
    expect(Math.abs(expiresAt - (t.clock.now().getTime() + 365 * 24 * HOUR))).toBeLessThan(60_000);
  });

  it('is 422 on email for a wrong password and for an unknown address alike', async () => {
    const admin = await newAdmin();
    expectJson(await adminLogin(admin.email, 'not the password', admin.ip), 422, BAD_CREDENTIALS);
    expectJson(await adminLogin(`nobody-${admin.email}`, PASSWORD, admin.ip), 422, BAD_CREDENTIALS);
  });

  it("is 422 for a user's credentials", async () => {
    const user = await signedInUser(t.app, t.mailer);
    expectJson(await adminLogin(user.email, user.password, '10.1.1.1'), 422, BAD_CREDENTIALS);
  });

  it('refuses with 429 and Retry-After after 5 wrong attempts per address and IP, even the right password', async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 5; i += 1) {
      expectJson(await adminLogin(admin.email, `wrong ${i}`, admin.ip), 422, BAD_CREDENTIALS);
    }
    const refused = await adminLogin(admin.email, PASSWORD, admin.ip);
    expectJson(refused, 429, { message: expect.stringMatching(/\S/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60).toBe(true);
    expect((await adminLogin(admin.email, PASSWORD, '10.1.2.1')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await adminLogin(admin.email, PASSWORD, admin.ip)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/user', () => {
  it('answers {data: admin} as plain JSON', async () => {
    const admin = await newAdmin();
    const response = await get('/api/admin/user', await adminToken(admin.email));
    expectJson(response, 200, {
      data: { id: admin.id, name: 'Grace Hopper', email: admin.email, role: 'admin' },
    });
  });

  it('is 401 without a token and with a bad one', async () => {
    expectJson(await get('/api/admin/user'), 401, UNAUTHENTICATED);
    expectJson(await get('/api/admin/user', 'garbage'), 401, UNAUTHENTICATED);
  });

  it('is 403 with a message for a user token', async () => {
    const user = await signedInUser(t.app, t.mailer);
    expectJson(await get('/api/admin/user', user.token), 403, { message: expect.stringMatching(/\S/) });
  });
});

describe('an admin token on user routes', () => {
  it('is 403 with a message on GET /api/user and GET /api/companies', async () => {
    const admin = await newAdmin();
    const token = await adminToken(admin.email);
    for (const url of ['/api/user', '/api/companies']) {
      expectJson(await get(url, token), 403, { message: expect.stringMatching(/\S/) });
    }
  });
});

describe('POST /api/admin/logout', () => {
  it('answers 204 with an empty body, after which the token is 401', async () => {
    const admin = await newAdmin();
    const token = await adminToken(admin.email);
    const other = await adminToken(admin.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectJson(await get('/api/admin/user', token), 401, UNAUTHENTICATED);
    expect((await get('/api/admin/user', other)).statusCode).toBe(200);
  });
});
