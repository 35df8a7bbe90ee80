import { expect, test } from 'vitest';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { openEnvelope } from './support/envelope';

const t = useTestApp();

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

test('an enveloped answer is a JSON string of base64(iv ‖ ciphertext ‖ tag), a colon and base64(key)', async () => {
  const user = await signedInUser(t.app, t.mailer);
  const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: user.auth });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const envelope = response.json();
  expect(typeof envelope).toBe('string');
  const [sealed, key, ...rest] = (envelope as string).split(':');
  expect(rest).toEqual([]);
  expect(sealed).toMatch(BASE64);
  expect(key).toMatch(BASE64);
  expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
  const plain = JSON.stringify(openEnvelope(envelope));
  // 12-byte iv + ciphertext as long as the UTF-8 plaintext + 16-byte tag.
  expect(Buffer.from(sealed ?? '', 'base64')).toHaveLength(12 + Buffer.byteLength(plain) + 16);
  expect(openEnvelope(envelope)).toMatchObject({ id: user.id, email: user.email });
});

test('each answer uses a fresh key and iv', async () => {
  const user = await signedInUser(t.app, t.mailer);
  const first = (
    await t.app.inject({ method: 'GET', url: '/api/user', headers: user.auth })
  ).json() as string;
  const second = (
    await t.app.inject({ method: 'GET', url: '/api/user', headers: user.auth })
  ).json() as string;
  expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
  expect(first.slice(0, 16)).not.toBe(second.slice(0, 16));
  expect(openEnvelope(first)).toEqual(openEnvelope(second));
});

test('a tampered envelope does not decrypt', async () => {
  const user = await signedInUser(t.app, t.mailer);
  const envelope = (
    await t.app.inject({ method: 'GET', url: '/api/user', headers: user.auth })
  ).json() as string;
  const [sealed, key] = envelope.split(':');
  const bytes = Buffer.from(sealed ?? '', 'base64');
  bytes[20] = (bytes[20] ?? 0) ^ 1;
  expect(() => openEnvelope(`${bytes.toString('base64')}:${key}`)).toThrow();
});

test('error answers of enveloped routes are plain JSON', async () => {
  const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/user' });
  expect(unauthenticated.json()).toEqual({ message: 'Unauthenticated.' });
  const invalid = await t.app.inject({ method: 'POST', url: '/api/register', payload: {} });
  expect(invalid.statusCode).toBe(422);
  expect(invalid.json()).toMatchObject({ message: 'The given data was invalid.' });
});

test('routes outside the three enveloped ones answer plain JSON', async () => {
  const user = await signedInUser(t.app, t.mailer);
  const response = await t.app.inject({ method: 'GET', url: '/api/companies', headers: user.auth });
  expect(response.json()).toHaveProperty('data');
});
