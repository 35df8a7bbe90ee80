import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, verify } from './support/accounts';
import { createTestApp, sealedBody, type TestApp, useTestApp } from './support/app';

const INVALID = 'The given data was invalid.';
const ENVELOPE = /^[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]{43}=$/;

const t = useTestApp();
let seq = 0;

function uniqueEmail(tag: string): string {
  seq += 1;
  return `${tag}-${seq}-${Date.now()}@example.com`;
}

function form(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail('reg'),
    password: PASSWORD,
    password_confirmation: PASSWORD,
    company_name: 'Analytical Engines',
    ...fields,
  };
}

function postRegister(payload?: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/register', ...(payload && { payload }) });
}

function without(field: string): Record<string, unknown> {
  const body = form();
  delete body[field];
  return body;
}

async function registerVerifyAndSignIn(fields: Record<string, unknown> = {}) {
  const body = form(fields);
  const response = await postRegister(body);
  expect(response.statusCode).toBe(201);
  const email = String(body.email).toLowerCase();
  await verify(t.app, t.mailer, email);
  const token = await login(t.app, email);
  return { email, userId: sealedBody<{ data: { user_id: number } }>(response).data.user_id, token };
}

describe('POST /api/register', () => {
  it('answers 201 with an envelope holding verification-sent and the new user id', async () => {
    const response = await postRegister(form());
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatch(ENVELOPE);
    expect(sealedBody(response)).toEqual({
      success: true,
      message: expect.any(String),
      data: { status: 'verification-sent', user_id: expect.any(Number) },
    });
  });

  it('creates the user and a company it owns on the free plan', async () => {
    const { token, userId, email } = await registerVerifyAndSignIn({ company_name: 'Difference Engines' });
    const headers = { authorization: `Bearer ${token}` };
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(sealedBody(user)).toMatchObject({ id: userId, name: 'Ada Lovelace', email });
    const companies = await t.app.inject({ method: 'GET', url: '/api/companies', headers });
    expect(companies.statusCode).toBe(200);
    const { data } = companies.json() as { data: Record<string, unknown>[] };
    expect(data).toEqual([
      expect.objectContaining({
        name: 'Difference Engines',
        plan: 'free',
        retention_days: null,
        plan_retention_days: 365,
        role: 'owner',
        website: null,
        timezone: 'UTC',
      }),
    ]);
  });

  it('mails a signed verification link to the lower-cased address', async () => {
    const email = uniqueEmail('Mixed.Case').replace('example.com', 'Example.COM');
    const before = t.mailer.sent.length;
    const response = await postRegister(form({ email }));
    const userId = sealedBody<{ data: { user_id: number } }>(response).data.user_id;
    const mails = t.mailer.sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(email.toLowerCase());
    const link = mails[0]?.link ?? '';
    const match = new RegExp(
      `^http://footfall\\.test/email/verify/${userId}\\?expires=(\\d+)&signature=[0-9a-f]{64}$`,
    ).exec(link);
    expect(match, link).not.toBeNull();
    const expiresInSeconds = Number(match?.[1]) - t.clock.now().getTime() / 1000;
    expect(expiresInSeconds).toBeGreaterThan(59 * 60);
    expect(expiresInSeconds).toBeLessThanOrEqual(60 * 60);
  });

  const taken = uniqueEmail('taken');
  beforeAll(async () => {
    expect((await postRegister(form({ email: taken }))).statusCode).toBe(201);
  });

  // [case, fields to set or the one field to leave out, field reported, message]
  const invalidCases: [string, Record<string, unknown> | string, string, string][] = [
    ['name is missing', 'name', 'name', 'The name field is required.'],
    ['email is missing', 'email', 'email', 'The email field is required.'],
    ['password is missing', 'password', 'password', 'The password field is required.'],
    ['company_name is missing', 'company_name', 'company_name', 'The company name field is required.'],
    [
      'name is over 120 characters',
      { name: 'n'.repeat(121) },
      'name',
      'The name field must not be greater than 120 characters.',
    ],
    [
      'company_name is over 120 characters',
      { company_name: 'c'.repeat(121) },
      'company_name',
      'The company name field must not be greater than 120 characters.',
    ],
    [
      'email is not an address',
      { email: 'not-an-email' },
      'email',
      'The email field must be a valid email address.',
    ],
    ['email is taken', { email: taken }, 'email', 'The email has already been taken.'],
    [
      'email is taken in another case',
      { email: taken.toUpperCase() },
      'email',
      'The email has already been taken.',
    ],
    [
      'password is under 8 characters',
      { password: 'short12', password_confirmation: 'short12' },
      'password',
      'The password field must be at least 8 characters.',
    ],
    [
      'password_confirmation is missing',
      'password_confirmation',
      'password',
      'The password field confirmation does not match.',
    ],
    [
      'password_confirmation differs',
      { password_confirmation: `${PASSWORD}!` },
      'password',
      'The password field confirmation does not match.',
    ],
    [
      'website is a javascript: URL',
      { website: 'javascript:alert(1)' },
      'website',
      'The website field must be a valid URL.',
    ],
    ['website is an ftp URL', { website: 'ftp://x' }, 'website', 'The website field must be a valid URL.'],
    [
      'timezone is not a zone',
      { timezone: 'Mars/Olympus' },
      'timezone',
      'The timezone field must be a valid timezone.',
    ],
    ['name is a number', { name: 123 }, 'name', 'The name field must be a string.'],
    ['remember is a string', { remember: 'yes' }, 'remember', 'The remember field must be true or false.'],
  ];

  it.each(invalidCases)('answers 422 when %s', async (_case, change, field, message) => {
    const before = t.mailer.sent.length;
    const response = await postRegister(typeof change === 'string' ? without(change) : form(change));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: INVALID, errors: { [field]: [message] } });
    expect(t.mailer.sent.length).toBe(before);
  });

  it('does not sign the new user in', async () => {
    const response = await postRegister(form());
    expect(response.statusCode).toBe(201);
    const answer = sealedBody<{ data: Record<string, unknown> }>(response);
    expect(Object.keys(answer.data).sort()).toEqual(['status', 'user_id']);
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.every((cookie) => cookie.startsWith('XSRF-TOKEN='))).toBe(true);
  });

  it('stores the optional website and timezone on the company', async () => {
    const { token } = await registerVerifyAndSignIn({
      website: 'https://engines.example/home',
      timezone: 'Europe/Paris',
    });
    const auth = { authorization: `Bearer ${token}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/companies', headers: auth });
    const id = (list.json() as { data: { id: number }[] }).data[0]?.id;
    const company = await t.app.inject({ method: 'GET', url: `/api/companies/${id}`, headers: auth });
    expect(company.statusCode).toBe(200);
    expect(company.json()).toEqual({
      data: {
        id,
        name: 'Analytical Engines',
        website: 'https://engines.example/home',
        domains: [],
        timezone: 'Europe/Paris',
        tracking_key: expect.stringMatching(/^[a-z0-9]{16}$/),
        public_stats: false,
        listed: false,
        description: null,
        logo_url: null,
        plan: 'free',
        retention_days: null,
        plan_retention_days: 365,
        role: 'owner',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
  });
});

describe('POST /api/register when registration is closed', () => {
  let closed: TestApp;

  beforeAll(async () => {
    closed = await createTestApp({ env: { REGISTRATION_OPEN: 'false' } });
  });

  afterAll(async () => {
    await closed.close();
  });

  it.each([
    ['a complete form', form()],
    ['an empty body', undefined],
    ['a malformed form', { name: 123, email: 'nope' }],
  ])('answers 200 with the "Registration is closed." envelope for %s', async (_case, payload) => {
    const response = await closed.app.inject({
      method: 'POST',
      url: '/api/register',
      ...(payload && { payload }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatch(ENVELOPE);
    expect(sealedBody(response)).toEqual({ success: false, message: 'Registration is closed.' });
    expect(closed.mailer.sent).toEqual([]);
  });
});
