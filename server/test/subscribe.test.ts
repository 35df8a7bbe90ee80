import { describe, expect, it } from 'vitest';
import { newIp, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const SUBSCRIBED = { success: true, message: 'Thanks for subscribing! We will write when there is news.' };
const HOUR = 60 * 60 * 1000;

const t = useTestApp();

let counter = 0;
function newEmail(): string {
  counter += 1;
  return `reader-${counter}-${Date.now()}@example.com`;
}

const subscribe = (payload: unknown, ip = newIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscribe',
    remoteAddress: ip,
    headers,
    payload: payload as object,
  });

async function storedRows(email: string) {
  const { rows } = await t.app.repos.content.subscribers.list({ q: email, page: 1, perPage: 10 });
  return rows;
}

describe('POST /api/subscribe', () => {
  it('stores the address trimmed and lower-cased and answers {success, message}', async () => {
    const email = newEmail();
    expectJson(await subscribe({ email: `  ${email.toUpperCase()} ` }), 200, SUBSCRIBED);
    const rows = await storedRows(email);
    expect(rows.map((row) => row.email)).toEqual([email]);
    expect(rows[0]?.createdAt.getTime()).toBeCloseTo(t.clock.now().getTime(), -4);
  });

  it('stores an address subscribed twice once, with the same answer both times', async () => {
    const email = newEmail();
    expectJson(await subscribe({ email }), 200, SUBSCRIBED);
    expectJson(await subscribe({ email: email.toUpperCase() }), 200, SUBSCRIBED);
    expect(await storedRows(email)).toHaveLength(1);
  });

  it.each([
    ['no email', {}, 'The email field is required.'],
    ['an empty email', { email: '' }, 'The email field is required.'],
    ['a null email', { email: null }, 'The email field is required.'],
    ['an invalid email', { email: 'not-an-address' }, 'The email field must be a valid email address.'],
    ['an email that is not a string', { email: ['a@example.com'] }, 'The email field must be a string.'],
    [
      'an email over 255 characters',
      { email: `${'a'.repeat(250)}@example.com` },
      'The email field must not be greater than 255 characters.',
    ],
  ])('is 422 on email for %s', async (_case, payload, message) => {
    const response = await subscribe(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { email: [message] } });
  });

  it('is 400 for a body that is not a JSON object, and 415 for a form post', async () => {
    const ip = newIp();
    const raw = (payload: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscribe',
        remoteAddress: ip,
        headers: { 'content-type': type },
        payload,
      });
    expect((await raw('"a@example.com"', 'application/json')).statusCode).toBe(400);
    expect((await raw('{"email":', 'application/json')).statusCode).toBe(400);
    expect((await raw('email=a%40example.com', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });

  it('allows 10 sign-ups an hour from one address, then 429 with Retry-After until the hour is over', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await subscribe({ email: newEmail() }, ip)).statusCode).toBe(200);
    const refused = await subscribe({ email: newEmail() }, ip);
    expectJson(refused, 429, { message: 'Too many subscription requests. Please try again in 60 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Another client is not affected.
    expect((await subscribe({ email: newEmail() })).statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await subscribe({ email: newEmail() }, ip)).statusCode).toBe(200);
  });

  it('does not store the address of a refused sign-up', async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) await subscribe({ email: newEmail() }, ip);
    const email = newEmail();
    expect((await subscribe({ email }, ip)).statusCode).toBe(429);
    expect(await storedRows(email)).toEqual([]);
  });

  it('checks the XSRF token of a browser that holds cookies (419), and accepts a matching one', async () => {
    const email = newEmail();
    const mismatch = await subscribe({ email }, newIp(), { cookie: 'XSRF-TOKEN=abc' });
    expectJson(mismatch, 419, { message: 'CSRF token mismatch.' });
    expect(await storedRows(email)).toEqual([]);
    const matching = await subscribe({ email }, newIp(), { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' });
    expectJson(matching, 200, SUBSCRIBED);
  });
});
