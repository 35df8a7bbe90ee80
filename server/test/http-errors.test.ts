import { describe, expect, test } from 'vitest';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';

const t = useTestApp();

const json = { 'content-type': 'application/json' };

describe('errors produced by the framework use the contract shape', () => {
  test('an unknown API route is 404 Not found.', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  test('a wrong method on a known path is 404 Not found.', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/login' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  test('malformed JSON is 400 saying so', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: json,
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test.each([
    ['__proto__', '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}'],
    ['constructor.prototype', '{"email":"a@b.co","constructor":{"prototype":{"admin":true}}}'],
  ])('a %s key is refused with 400', async (_name, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: json, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/forbidden key/);
  });

  test('a body over the limit is 413 Payload too large.', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: json, payload });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Payload too large.' });
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'text/xml'])(
    'a %s body on a JSON route is 415 naming the accepted type',
    async (type) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type },
        payload: 'email=a@b.co&password=x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('application/json');
    },
  );

  test.each([
    ['an array', '[{"email":"a@b.co"}]'],
    ['a string', '"hello"'],
    ['a number', '42'],
  ])('a JSON body that is %s instead of an object is 400', async (_name, payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: json, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body must be a JSON object.' });
  });

  test('an empty JSON body counts as no fields, each reported as required', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: json, payload: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
  });

  test('null and blank fields count as missing, and surrounding spaces are trimmed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '   ', password: null },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });

  test('a huge string is a 422 on its field, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'n'.repeat(500_000),
        email: 'x@example.com',
        password: 'longenough',
        company_name: 'c',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.name).toEqual(['The name field must not be greater than 120 characters.']);
  });

  test('deeply nested JSON is answered with a 4xx', async () => {
    const payload = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: json, payload });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('no input makes a route answer 5xx', () => {
  const hostileValues: unknown[] = [
    null,
    true,
    -1,
    1e308,
    '',
    ' ',
    'x'.repeat(10_000),
    '\u0000\uFFFF\uD800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    [],
    ['a'],
    {},
    { $gt: '' },
  ];
  const routes: Array<[string, string, boolean]> = [
    ['POST', '/api/register', false],
    ['POST', '/api/login', false],
    ['POST', '/api/admin/login', false],
    ['POST', '/api/email/resend', false],
    ['POST', '/api/password/email', false],
    ['POST', '/api/password/reset?email=a@b.co&token=x', false],
    ['POST', '/api/admin/password/reset?email=a@b.co&token=x', false],
    ['POST', '/api/email/verify/1?expires=1&signature=x', false],
    ['PATCH', '/api/user', true],
    ['PUT', '/api/user/password', true],
  ];
  const fields = [
    'name',
    'email',
    'password',
    'password_confirmation',
    'company_name',
    'website',
    'remember',
    'current_password',
    'timezone',
  ];

  test('every account route answers hostile field values with a 4xx or a 2xx', async () => {
    const user = await signedInUser(t.app, t.mailer);
    for (const [method, url, authenticated] of routes) {
      for (const value of hostileValues) {
        const payload = Object.fromEntries(fields.map((field) => [field, value]));
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          payload,
          headers: authenticated ? user.auth : {},
          remoteAddress: `10.9.${hostileValues.indexOf(value)}.${routes.findIndex((r) => r[1] === url)}`,
        });
        expect(
          response.statusCode,
          `${method} ${url} with ${JSON.stringify(value)?.slice(0, 40)}`,
        ).toBeLessThan(500);
        expect(response.json(), `${method} ${url}`).toHaveProperty('message');
      }
    }
  });

  test('hostile query strings and path ids are 4xx', async () => {
    const urls = [
      '/api/email/resend?email[]=a@b.co',
      '/api/email/resend?email=a@b.co&email=c@d.co',
      '/api/password/reset?email=%E0%A4%A&token=%00',
      '/api/email/verify/%00?expires=-1&signature=zz',
      '/api/email/verify/99999999999999999999?expires=1&signature=ab',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
