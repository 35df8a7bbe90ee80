import { expect, test } from 'vitest';
import { decodeEnvelope, isEnvelope } from '../dashboard/src/api/envelope';
import { sealEnvelope } from '../server/src/envelope';
import { signedInUser } from '../server/test/support/accounts';
import { useTestApp } from '../server/test/support/app';

const t = useTestApp();

test('the dashboard opens what the server seals, whatever the characters', async () => {
  const answer = { name: 'Zoë 👣 <b>&', list: [1, 2, 3], nested: { ok: true } };
  const envelope = sealEnvelope(JSON.stringify(answer));
  expect(isEnvelope(envelope)).toBe(true);
  expect(await decodeEnvelope(envelope)).toEqual(answer);
});

test('the dashboard opens the real GET /api/user answer with WebCrypto', async () => {
  const user = await signedInUser(t.app, t.mailer, { name: 'Zoë Ñandú' });
  const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: user.auth });
  const body: unknown = response.json();
  expect(isEnvelope(body)).toBe(true);
  const decoded = await decodeEnvelope<{ id: number; name: string }>(body as string);
  expect(decoded).toMatchObject({ id: user.id, name: 'Zoë Ñandú', email: user.email });
});

test('the dashboard opens the real POST /api/register answer', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      name: 'Grace',
      email: 'grace-interop@example.com',
      password: 'long enough',
      password_confirmation: 'long enough',
      company_name: 'Compilers Inc',
    },
  });
  expect(response.statusCode).toBe(201);
  expect(await decodeEnvelope(response.json() as string)).toEqual({
    success: true,
    message: expect.any(String),
    data: { status: 'verification-sent', user_id: expect.any(Number) },
  });
});
