import { describe, expect, test } from 'vitest';
import { signedInUser } from './support/accounts';
import { createTestApp, useTestApp } from './support/app';

const t = useTestApp();

function xsrfCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='));
}

describe('the XSRF-TOKEN cookie', () => {
  test('is set on an API answer to a request without it, script-readable and Lax', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = xsrfCookieOf(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43,};/);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  test('is set on error answers too, so the client can retry', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(xsrfCookieOf(response.headers['set-cookie'])).toBeDefined();
  });

  test('is not set again when the request carries one', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    expect(xsrfCookieOf(response.headers['set-cookie'])).toBeUndefined();
  });

  test('is Secure when the app is served over https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://footfall.test' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
      expect(xsrfCookieOf(response.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  test('is never set outside /api', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/home' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('the XSRF check on unsafe requests', () => {
  const login = { email: 'nobody@example.com', password: 'whatever1' };

  test('refuses a request with cookies but no X-XSRF-TOKEN header with 419', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { 'XSRF-TOKEN': 'token-value' },
      payload: login,
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  test('refuses a header that does not match the cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { 'XSRF-TOKEN': 'token-value' },
      headers: { 'x-xsrf-token': 'other-value' },
      payload: login,
    });
    expect(response.statusCode).toBe(419);
  });

  test('refuses a cookie header that lacks the XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      cookies: { token: 'abc' },
      headers: { 'x-xsrf-token': 'abc' },
      payload: login,
    });
    expect(response.statusCode).toBe(419);
  });

  test('accepts a header equal to the URL-decoded cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'XSRF-TOKEN=a%2Bb%3D%3D', 'x-xsrf-token': 'a+b==' },
      payload: login,
    });
    expect(response.statusCode).toBe(422);
  });

  test('does not apply to requests without cookies, such as bearer clients', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: login });
    expect(response.statusCode).toBe(422);
  });

  test('does not apply to safe methods', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'x' },
    });
    expect(response.statusCode).toBe(200);
  });

  test('runs before authentication', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { authorization: 'Bearer not-a-token' },
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: { name: 'New' },
    });
    expect(response.statusCode).toBe(419);
    const allowed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...user.auth, 'x-xsrf-token': 'x' },
      cookies: { 'XSRF-TOKEN': 'x' },
      payload: { name: 'New' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  test('exempts requests authenticated by a stats-API key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: 'Bearer ffk_0123456789abcdef' },
      cookies: { 'XSRF-TOKEN': 'x' },
    });
    expect(response.statusCode).toBe(204);
    expect(xsrfCookieOf(response.headers['set-cookie'])).toBeUndefined();
  });
});
