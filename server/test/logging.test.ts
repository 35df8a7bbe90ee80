import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { redactUrl } from '../src/logging';
import { register, verify } from './support/accounts';
import { createTestApp, type TestApp } from './support/app';
import { createTrackedCompany, pageview, track } from './support/tracking';

let t: TestApp;
let lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
});
afterAll(() => t.close());

test('checkout session ids are redacted from checkout paths and the payment-success query', () => {
  expect(redactUrl('/billing/checkout/cs_abcDEF123/confirm')).toBe('/billing/checkout/[redacted]/confirm');
  expect(redactUrl('/api/billing/sessions/cs_abcDEF123')).toBe('/api/billing/sessions/[redacted]');
  expect(redactUrl('/payment-success?session_id=cs_abc')).toBe('/payment-success?session_id=[redacted]');
  expect(redactUrl('/api/billing/stripe/webhook')).toBe('/api/billing/stripe/webhook');
});

test("a single sign-on's authorization code and state are redacted from the callback's URL", () => {
  expect(redactUrl('/api/auth/oidc/callback?code=SECRET&state=S&iss=https%3A%2F%2Fid.example')).toBe(
    '/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example',
  );
});

test('reset tokens and link signatures in URLs are redacted', () => {
  expect(redactUrl('/api/password/reset?email=a%40b.co&token=SECRET')).toBe(
    '/api/password/reset?email=a%40b.co&token=[redacted]',
  );
  expect(redactUrl('/api/email/verify/1?expires=9&signature=abc&x=1')).toBe(
    '/api/email/verify/1?expires=9&signature=[redacted]&x=1',
  );
});

test('logs never contain passwords, tokens, signatures, cookies or Authorization headers', async () => {
  lines = [];
  const user = await register(t.app, {
    password: 'Sup3r-Secret-Pw',
    password_confirmation: 'Sup3r-Secret-Pw',
  });
  const link = new URL(t.mailer.lastLinkTo(user.email));
  const signature = link.searchParams.get('signature') ?? '';
  await verify(t.app, t.mailer, user.email);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: 'Sup3r-Secret-Pw' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { authorization: `Bearer ${token}`, cookie: 'token=cookie-secret; XSRF-TOKEN=xsrf-secret' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: 'Wrong-Secret' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/password/reset?email=a@b.co&token=reset-secret',
    payload: {},
  });

  const log = lines.join('\n');
  expect(lines.length).toBeGreaterThan(5);
  for (const secret of [
    'Sup3r-Secret-Pw',
    'Wrong-Secret',
    token,
    signature,
    'cookie-secret',
    'xsrf-secret',
    'reset-secret',
  ]) {
    expect(log).not.toContain(secret);
  }
  expect(log).toContain('/api/password/reset?email=a@b.co&token=[redacted]');
});

test("ingestion requests leave no log line, so visitors' IP addresses never reach the log", async () => {
  const company = await createTrackedCompany(t.app);
  lines = [];
  const response = await track(t.app, pageview(company, 'https://shop.example/'), { ip: '203.0.113.77' });
  expect(response.statusCode).toBe(202);
  expect(lines.join('\n')).not.toContain('203.0.113.77');
});

test("a request's line names the client's network, not its address", async () => {
  lines = [];
  await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.77' });
  await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '2001:db8:abcd:12::9' });
  const log = lines.join('\n');
  expect(log).toContain('"remoteAddress":"198.51.100.0"');
  expect(log).toContain('"remoteAddress":"2001:db8:abcd::"');
  expect(log).not.toContain('198.51.100.77');
  expect(log).not.toContain('2001:db8:abcd:12::9');
});
