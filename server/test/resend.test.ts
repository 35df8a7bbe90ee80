import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { register, verify } from './support/accounts';
import { newIp, useTestApp } from './support/app';

const HOUR = 60 * 60 * 1000;

const t = useTestApp();
let seq = 0;

function unknownEmail(): string {
  seq += 1;
  return `nobody-${seq}-${Date.now()}@example.com`;
}

function resend(email: string, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/email/resend?email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
  });
}

function resendWithBody(payload: Record<string, unknown>, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/email/resend', payload, remoteAddress: ip });
}

function mailsTo(email: string): number {
  return t.mailer.sent.filter((mail) => mail.to === email).length;
}

function expectAccepted(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, message: expect.any(String) });
}

function expectLimited(response: LightMyRequestResponse, maxSeconds: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: expect.any(String) });
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(maxSeconds);
}

async function exhaustAddress(email: string, ip: string): Promise<void> {
  for (let i = 0; i < 6; i += 1) expectAccepted(await resend(email, ip));
  expectLimited(await resend(email, ip), 3600);
}

describe('POST /api/email/resend', () => {
  it('answers 200 and sends nothing for an unknown address', async () => {
    const before = t.mailer.sent.length;
    expectAccepted(await resend(unknownEmail(), newIp()));
    expect(t.mailer.sent.length).toBe(before);
  });

  it('sends an unverified user a new link that verifies the address', async () => {
    const user = await register(t.app);
    expect(mailsTo(user.email)).toBe(1);
    expectAccepted(await resend(user.email.toUpperCase(), newIp()));
    expect(mailsTo(user.email)).toBe(2);
    await verify(t.app, t.mailer, user.email);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.json()).toMatchObject({ success: true, data: { token_type: 'Bearer' } });
  });

  it('accepts the address as a JSON body {email}', async () => {
    const user = await register(t.app);
    expectAccepted(await resendWithBody({ email: user.email }, newIp()));
    expect(mailsTo(user.email)).toBe(2);
  });

  it('answers 200 and sends nothing for an already verified address', async () => {
    const user = await register(t.app);
    await verify(t.app, t.mailer, user.email);
    expectAccepted(await resend(user.email, newIp()));
    expect(mailsTo(user.email)).toBe(1);
  });

  it('gives the same answer for unknown, unverified and verified addresses', async () => {
    const unverified = await register(t.app);
    const verified = await register(t.app);
    await verify(t.app, t.mailer, verified.email);
    const ip = newIp();
    const answers = await Promise.all(
      [unknownEmail(), unverified.email, verified.email].map((e) => resend(e, ip)),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
  });

  it.each([
    ['the query has no email', () => resend('', newIp()), 'The email field is required.'],
    [
      'there is no query and no body',
      () => t.app.inject({ method: 'POST', url: '/api/email/resend' }),
      'The email field is required.',
    ],
    ['the body has no email', () => resendWithBody({}, newIp()), 'The email field is required.'],
    [
      'the query email is invalid',
      () => resend('not-an-email', newIp()),
      'The email field must be a valid email address.',
    ],
    [
      'the body email is invalid',
      () => resendWithBody({ email: 'a@' }, newIp()),
      'The email field must be a valid email address.',
    ],
  ])('answers 422 when %s', async (_case, send, message) => {
    const response = await send();
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { email: [message] } });
  });

  it('allows 6 requests an hour per address and refuses the 7th with 429 and Retry-After', async () => {
    const user = await register(t.app);
    const ip = newIp();
    await exhaustAddress(user.email, ip);
    expect(mailsTo(user.email)).toBe(7);
    expectLimited(await resend(user.email.toUpperCase(), newIp()), 3600);
    expectLimited(await resendWithBody({ email: user.email }, newIp()), 3600);
    expect(mailsTo(user.email)).toBe(7);
  });

  it('counts requests for unknown addresses too', async () => {
    await exhaustAddress(unknownEmail(), newIp());
  });

  it('allows 30 requests an hour per IP across addresses and refuses the 31st', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) expectAccepted(await resend(unknownEmail(), ip));
    const email = unknownEmail();
    expectLimited(await resend(email, ip), 3600);
    expectAccepted(await resend(email, newIp()));
  });

  it('opens a new window once the hour has passed', async () => {
    const user = await register(t.app);
    const ip = newIp();
    await exhaustAddress(user.email, ip);
    t.clock.advance(30 * 60 * 1000);
    expectLimited(await resend(user.email, ip), 30 * 60);
    t.clock.advance(30 * 60 * 1000 + 1000);
    expectAccepted(await resend(user.email, ip));
    expect(mailsTo(user.email)).toBe(8);
  });

  it('opens a new per-IP window once the hour has passed', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i += 1) expectAccepted(await resend(unknownEmail(), ip));
    expectLimited(await resend(unknownEmail(), ip), 3600);
    t.clock.advance(HOUR + 1000);
    expectAccepted(await resend(unknownEmail(), ip));
  });

  it('keeps password reset requests on separate counters', async () => {
    const user = await register(t.app);
    const ip = newIp();
    await exhaustAddress(user.email, ip);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/password/email?email=${encodeURIComponent(user.email)}`,
      remoteAddress: ip,
    });
    expectAccepted(reset);
    expect(t.mailer.lastLinkTo(user.email)).toMatch(/^http:\/\/footfall\.test\/password\/reset\?token=/);
  });

  it('keeps resend requests unaffected by exhausted password reset counters', async () => {
    const email = unknownEmail();
    const ip = newIp();
    const resetRequest = () =>
      t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email }, remoteAddress: ip });
    for (let i = 0; i < 6; i += 1) expectAccepted(await resetRequest());
    expectLimited(await resetRequest(), 3600);
    expectAccepted(await resend(email, ip));
  });
});
