import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/bootstrap/admin';
import { login, register, signedInUser } from './support/accounts';
import { sealedBody, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INVALID = 'The given data was invalid.';
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

const t = useTestApp();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const patch = (token: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user',
    headers: bearer(token),
    ...(payload !== undefined && { payload }),
  });
const changePassword = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/password', headers: bearer(token), payload });
const invalid = (errors: Record<string, string[]>) => ({ message: INVALID, errors });
const newUser = () => signedInUser(t.app, t.mailer);

describe('GET /api/user', () => {
  it('answers the envelope of exactly the user object with the companies', async () => {
    const user = await newUser();
    const response = await me(user.token);
    expect(response.statusCode).toBe(200);
    expect(typeof response.json()).toBe('string');
    expect(sealedBody(response)).toEqual({
      id: user.id,
      name: 'Ada Lovelace',
      email: user.email,
      email_verified_at: expect.stringMatching(ISO),
      created_at: expect.stringMatching(ISO),
      companies: [{ id: expect.any(Number), name: 'Analytical Engines', role: 'owner', plan: 'free' }],
      has_password: true,
    });
  });

  it('is 401 without a token and with a bad token', async () => {
    expectJson(await t.app.inject({ method: 'GET', url: '/api/user' }), 401, UNAUTHENTICATED);
    expectJson(await me('not-a-jwt'), 401, UNAUTHENTICATED);
  });

  it('is 403 with a message for an admin token', async () => {
    const email = `admin-on-user-${Date.now()}@example.com`;
    await ensureAdmin(t.app.repos, { email, password: 'admin password 1' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password: 'admin password 1' },
    });
    const response = await me(signIn.json<{ data: { token: string } }>().data.token);
    expectJson(response, 403, { message: expect.stringMatching(/\S/) });
  });
});

describe('PATCH /api/user', () => {
  it('changes the name and answers {success, message, data: user}', async () => {
    const user = await newUser();
    const response = await patch(user.token, { name: 'Ada King' });
    expect(response.statusCode).toBe(200);
    const current = sealedBody<Record<string, unknown>>(await me(user.token));
    expect(response.json()).toEqual({ success: true, message: expect.any(String), data: current });
    expect(current.name).toBe('Ada King');
  });

  it('lower-cases a new email, unverifies it and mails a link to the new address that verifies it', async () => {
    const user = await newUser();
    const fresh = `New.Address-${Date.now()}@Example.COM`;
    const mailsBefore = t.mailer.sent.length;
    const response = await patch(user.token, { email: fresh, current_password: user.password });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({ email: fresh.toLowerCase(), email_verified_at: null });
    const mails = t.mailer.sent.slice(mailsBefore);
    expect(mails.map((mail) => mail.to)).toEqual([fresh.toLowerCase(), user.email]);
    const link = new URL(t.mailer.lastLinkTo(fresh.toLowerCase()));
    expect(`${link.origin}${link.pathname}`).toBe(`http://footfall.test/email/verify/${user.id}`);
    const verified = await t.app.inject({ method: 'POST', url: `/api${link.pathname}${link.search}` });
    expectJson(verified, 200, { success: true, message: expect.any(String), data: { status: 'verified' } });
    expect(sealedBody(await me(user.token))).toMatchObject({
      email: fresh.toLowerCase(),
      email_verified_at: expect.stringMatching(ISO),
    });
  });

  it('needs the current password for a new address: missing or wrong is 422, and nothing changes', async () => {
    const user = await newUser();
    const mailsBefore = t.mailer.sent.length;
    expectJson(
      await patch(user.token, { email: `taken-over-${Date.now()}@example.com` }),
      422,
      invalid({ current_password: ['The current password field is required.'] }),
    );
    expectJson(
      await patch(user.token, { email: `taken-over-${Date.now()}@example.com`, current_password: 'guess' }),
      422,
      invalid({ current_password: ['The password is incorrect.'] }),
    );
    expect(t.mailer.sent.length).toBe(mailsBefore);
    expect(sealedBody(await me(user.token))).toMatchObject({ email: user.email });
  });

  it('tells the old address, with the new one partly hidden and whom to ask for help', async () => {
    const user = await newUser();
    const fresh = `moved.elsewhere-${Date.now()}@new-domain.org`;
    const response = await patch(user.token, { email: fresh, current_password: user.password });
    expect(response.statusCode).toBe(200);
    const notice = t.mailer.sent.filter((mail) => mail.to === user.email).at(-1);
    expect(notice?.subject).toBe('Your Footfall email address was changed');
    expect(notice?.text).toContain('mo•••@n•••.org');
    expect(notice?.text).not.toContain(fresh);
    expect(notice?.text).toContain('Contact the administrator');
  });

  it('sends at most 3 address changes an hour per account: then 429 and no mail', async () => {
    const user = await newUser();
    for (let i = 0; i < 3; i++) {
      const moved = await patch(user.token, {
        email: `hop${i}-${Date.now()}@example.com`,
        current_password: user.password,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const mailsBefore = t.mailer.sent.length;
    const refused = await patch(user.token, {
      email: `hop3-${Date.now()}@example.com`,
      current_password: user.password,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.mailer.sent.length).toBe(mailsBefore);
  });

  it('refuses an email taken by another user in any case with 422', async () => {
    const user = await newUser();
    const other = await register(t.app);
    const response = await patch(user.token, {
      email: other.email.toUpperCase(),
      current_password: user.password,
    });
    expectJson(response, 422, invalid({ email: ['The email has already been taken.'] }));
    expect(sealedBody(await me(user.token))).toMatchObject({ email: user.email });
  });

  it('leaves the account alone and sends no mail when the email is the own one', async () => {
    const user = await newUser();
    const before = sealedBody(await me(user.token));
    const mailsBefore = t.mailer.sent.length;
    const response = await patch(user.token, { email: user.email.toUpperCase() });
    expectJson(response, 200, { success: true, message: expect.any(String), data: before });
    expect(t.mailer.sent.length).toBe(mailsBefore);
  });

  it('answers 422 with Laravel messages for an invalid email, a long name and wrong types', async () => {
    const user = await newUser();
    expectJson(
      await patch(user.token, { email: 'not-an-email' }),
      422,
      invalid({ email: ['The email field must be a valid email address.'] }),
    );
    expectJson(
      await patch(user.token, { name: 'x'.repeat(121) }),
      422,
      invalid({ name: ['The name field must not be greater than 120 characters.'] }),
    );
    expectJson(
      await patch(user.token, { name: 42, email: true }),
      422,
      invalid({ name: ['The name field must be a string.'], email: ['The email field must be a string.'] }),
    );
    expect(sealedBody(await me(user.token))).toMatchObject({ name: 'Ada Lovelace', email: user.email });
  });

  it('answers 200 with the user unchanged for an empty body', async () => {
    const user = await newUser();
    const before = sealedBody(await me(user.token));
    expectJson(await patch(user.token, {}), 200, {
      success: true,
      message: expect.any(String),
      data: before,
    });
    expectJson(await patch(user.token), 200, { success: true, message: expect.any(String), data: before });
  });
});

describe('PUT /api/user/password', () => {
  const NEW = 'a brand new password';

  it('is 422 on current_password when the current password is wrong', async () => {
    const user = await newUser();
    const response = await changePassword(user.token, {
      current_password: 'wrong password',
      password: NEW,
      password_confirmation: NEW,
    });
    expectJson(response, 422, invalid({ current_password: ['The password is incorrect.'] }));
  });

  it('is 422 on password when the new one is short or unconfirmed', async () => {
    const user = await newUser();
    const current = { current_password: user.password };
    expectJson(
      await changePassword(user.token, { ...current, password: 'short', password_confirmation: 'short' }),
      422,
      invalid({ password: ['The password field must be at least 8 characters.'] }),
    );
    const mismatch = invalid({ password: ['The password field confirmation does not match.'] });
    expectJson(
      await changePassword(user.token, { ...current, password: NEW, password_confirmation: `${NEW}!` }),
      422,
      mismatch,
    );
    expectJson(await changePassword(user.token, { ...current, password: NEW }), 422, mismatch);
  });

  it('changes the password, keeps this session and revokes the others at once', async () => {
    const user = await newUser();
    const other = await login(t.app, user.email, user.password);
    const response = await changePassword(user.token, {
      current_password: user.password,
      password: NEW,
      password_confirmation: NEW,
    });
    expectJson(response, 200, { success: true, message: expect.any(String) });
    expect((await me(user.token)).statusCode).toBe(200);
    expectJson(await me(other), 401, UNAUTHENTICATED);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expectJson(old, 422, invalid({ email: ['These credentials do not match our records.'] }));
    expect((await me(await login(t.app, user.email, NEW))).statusCode).toBe(200);
  });
});

describe('POST /api/logout', () => {
  const logout = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/logout', headers });

  it('answers 204 with an empty body and revokes the token', async () => {
    const user = await newUser();
    const response = await logout(user.auth);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectJson(await me(user.token), 401, UNAUTHENTICATED);
  });

  it('answers 204 without a token and with a garbage token', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer garbage' },
      { authorization: 'garbage' },
    ];
    for (const headers of variants) {
      const response = await logout(headers);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
  });

  it('leaves the other sessions of the user signed in', async () => {
    const user = await newUser();
    const other = await login(t.app, user.email, user.password);
    expect((await logout(user.auth)).statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});
