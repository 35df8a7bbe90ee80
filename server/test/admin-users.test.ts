import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD, register, signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { newIp, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SUSPENDED = { message: 'Your account has been suspended. Contact the administrator.' };

const t = useTestApp();

interface AdminUser {
  id: number;
  suspended_at: string | null;
}

const patch = (id: number | string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers, payload: payload as object });

const login = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: newIp(),
    payload: { email, password: PASSWORD },
  });

/** A signed-in user with a name no other test uses. */
async function person() {
  const name = `Person ${randomBytes(4).toString('hex')}`;
  const user = await signedInUser(t.app, t.mailer, { name, company_name: `${name} Ltd` });
  const [company] = await t.app.repos.users.listCompanies(user.id);
  return { ...user, name, companyId: company?.id as number };
}

describe('admin user routes: authentication', () => {
  it('answer 401 without a token and 403 to a user token', async () => {
    const user = await person();
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${user.id}`],
      ['PATCH', `/api/admin/users/${user.id}`],
    ] as const) {
      expectJson(await t.app.inject({ method, url, payload: {} }), 401, { message: 'Unauthenticated.' });
      expectJson(await t.app.inject({ method, url, headers: user.auth, payload: {} }), 403, {
        message: 'This action requires an administrator account.',
      });
    }
  });
});

describe('GET /api/admin/users', () => {
  it('lists users newest first with their companies, searched by name or address', async () => {
    const { auth } = await signedInAdmin(t.app);
    const older = await person();
    const newer = await person();
    const all = await t.app.inject({ url: '/api/admin/users?per_page=100', headers: auth });
    const ids = all.json().data.map((row: AdminUser) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const byName = await t.app.inject({
      url: `/api/admin/users?q=${encodeURIComponent(older.name.toUpperCase())}`,
      headers: auth,
    });
    expectJson(byName, 200, {
      data: [
        {
          id: older.id,
          name: older.name,
          email: older.email,
          email_verified_at: expect.stringMatching(ISO),
          suspended_at: null,
          created_at: expect.stringMatching(ISO),
          companies: [{ id: older.companyId, name: `${older.name} Ltd`, role: 'owner' }],
        },
      ],
      meta: { page: 1, per_page: 20, total: 1 },
    });
    const byEmail = await t.app.inject({
      url: `/api/admin/users?q=${encodeURIComponent(newer.email)}`,
      headers: auth,
    });
    expect(byEmail.json().data.map((row: AdminUser) => row.id)).toEqual([newer.id]);
  });

  it('shows unverified users, filters by suspension, and refuses bad queries with 422', async () => {
    const { auth } = await signedInAdmin(t.app);
    const unverified = await register(t.app);
    const one = await t.app.inject({ url: `/api/admin/users/${unverified.id}`, headers: auth });
    expect(one.json().data).toMatchObject({ id: unverified.id, email_verified_at: null });
    const suspended = await person();
    await patch(suspended.id, { suspended: true }, auth);
    const filtered = await t.app.inject({
      url: '/api/admin/users?suspended=true&per_page=100',
      headers: auth,
    });
    expect(filtered.json().data.every((row: AdminUser) => row.suspended_at !== null)).toBe(true);
    expect(filtered.json().data.map((row: AdminUser) => row.id)).toContain(suspended.id);
    for (const [query, field] of [
      ['suspended=perhaps', 'suspended'],
      ['page=abc', 'page'],
      ['per_page=0', 'per_page'],
    ]) {
      const response = await t.app.inject({ url: `/api/admin/users?${query}`, headers: auth });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    for (const id of ['987654', 'abc', '0']) {
      expectJson(await t.app.inject({ url: `/api/admin/users/${id}`, headers: auth }), 404, {
        message: 'Not found.',
      });
    }
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('suspends a user: their token gets 403 and so does signing in; lifting it lets the same token work', async () => {
    const { auth } = await signedInAdmin(t.app);
    const user = await person();
    expect((await t.app.inject({ url: '/api/user', headers: user.auth })).statusCode).toBe(200);
    const suspended = await patch(user.id, { suspended: true }, auth);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({ id: user.id, suspended_at: expect.stringMatching(ISO) });
    expectJson(await t.app.inject({ url: '/api/user', headers: user.auth }), 403, SUSPENDED);
    expectJson(
      await t.app.inject({ url: `/api/companies/${user.companyId}`, headers: user.auth }),
      403,
      SUSPENDED,
    );
    expectJson(await login(user.email), 403, SUSPENDED);
    const lifted = await patch(user.id, { suspended: false }, auth);
    expect(lifted.json().data.suspended_at).toBeNull();
    expect((await t.app.inject({ url: '/api/user', headers: user.auth })).statusCode).toBe(200);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('answers 422 without a boolean and 404 for unknown or malformed ids', async () => {
    const { auth } = await signedInAdmin(t.app);
    const user = await person();
    expectJson(await patch(user.id, {}, auth), 422, {
      message: 'The given data was invalid.',
      errors: { suspended: ['The suspended field is required.'] },
    });
    expectJson(await patch(user.id, { suspended: 'yes' }, auth), 422, {
      message: 'The given data was invalid.',
      errors: { suspended: ['The suspended field must be true or false.'] },
    });
    expectJson(await patch(987_654, { suspended: true }, auth), 404, { message: 'Not found.' });
    expectJson(await patch('1.5', { suspended: true }, auth), 404, { message: 'Not found.' });
  });
});
