import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const NOT_FOUND = { message: 'Not found.' };
const DAY = 24 * 60 * 60 * 1000;

const t = useTestApp();

let counter = 0;
/** Subscribes an address at the test clock's time, then moves the clock on, so creation order is time order. */
async function subscriber(local = 'reader') {
  counter += 1;
  const email = `${local}-${counter}-${Date.now()}@example.com`;
  await t.app.repos.content.subscribers.subscribe(email, t.clock.now());
  t.clock.advance(1000);
  const row = await t.app.repos.content.subscribers.findByEmail(email);
  if (!row) throw new Error('not stored');
  return row;
}

const send = (method: InjectOptions['method'], url: string, auth: Record<string, string>) =>
  t.app.inject({ method, url, headers: auth });

describe('who may use the admin subscriber routes', () => {
  const routes: [InjectOptions['method'], string][] = [
    ['GET', '/api/admin/subscribers'],
    ['GET', '/api/admin/subscribers/export'],
    ['DELETE', '/api/admin/subscribers/1'],
  ];

  it.each(routes)('%s %s is 401 without a token', async (method, url) => {
    expectJson(await send(method, url, {}), 401, { message: 'Unauthenticated.' });
  });

  it.each(routes)('%s %s is 403 with a user token', async (method, url) => {
    const user = await signedInUser(t.app, t.mailer);
    expectJson(await send(method, url, user.auth), 403, {
      message: 'This action requires an administrator account.',
    });
  });
});

describe('GET /api/admin/subscribers', () => {
  it('pages every subscriber, newest first, as {id, email, created_at}', async () => {
    const admin = await signedInAdmin(t.app);
    const older = await subscriber();
    const newer = await subscriber();
    const response = await send('GET', '/api/admin/subscribers?per_page=2', admin.auth);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: unknown[]; meta: { total: number } }>();
    expect(body.data).toEqual([
      { id: newer.id, email: newer.email, created_at: newer.createdAt.toISOString() },
      { id: older.id, email: older.email, created_at: older.createdAt.toISOString() },
    ]);
    expect(body.meta).toEqual({ page: 1, per_page: 2, total: expect.any(Number) });
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
  });

  it('searches addresses with q, case-insensitively and with % taken literally', async () => {
    const admin = await signedInAdmin(t.app);
    const word = `find${Date.now()}`;
    const match = await subscriber(`${word}-a`);
    const other = await subscriber(`${word}-b`);
    const found = await send('GET', `/api/admin/subscribers?q=${word.toUpperCase()}-A`, admin.auth);
    expectJson(found, 200, {
      data: [{ id: match.id, email: match.email, created_at: match.createdAt.toISOString() }],
      meta: { page: 1, per_page: 20, total: 1 },
    });
    expect(other.email).toContain(word);
    expectJson(await send('GET', `/api/admin/subscribers?q=${word}%25`, admin.auth), 200, {
      data: [],
      meta: { page: 1, per_page: 20, total: 0 },
    });
  });

  it('is 422 for a bad page', async () => {
    const admin = await signedInAdmin(t.app);
    expectJson(await send('GET', '/api/admin/subscribers?page=-1', admin.auth), 422, {
      message: 'The given data was invalid.',
      errors: { page: ['The page field must be at least 1.'] },
    });
  });
});

describe('GET /api/admin/subscribers/export', () => {
  const local = useTestApp();

  it('answers every subscriber as an RFC 4180 CSV attachment, oldest first', async () => {
    const admin = await signedInAdmin(local.app);
    const at = (days: number) => new Date(Date.UTC(2026, 4, 1) + days * DAY);
    const { subscribers } = local.app.repos.content;
    await subscribers.subscribe('second@example.com', at(2));
    await subscribers.subscribe('first@example.com', at(1));
    await subscribers.subscribe('=1+2@example.com', at(3));
    const response = await local.app.inject({ url: '/api/admin/subscribers/export', headers: admin.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = local.clock.now().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="subscribers-${today}.csv"`);
    expect(response.body).toBe(
      [
        'email,subscribed_at',
        'first@example.com,2026-05-02T00:00:00.000Z',
        'second@example.com,2026-05-03T00:00:00.000Z',
        "'=1+2@example.com,2026-05-04T00:00:00.000Z",
        '',
      ].join('\r\n'),
    );
  });
});

describe('DELETE /api/admin/subscribers/{id}', () => {
  it('removes a subscriber (204), then answers 404', async () => {
    const admin = await signedInAdmin(t.app);
    const row = await subscriber();
    const deleted = await send('DELETE', `/api/admin/subscribers/${row.id}`, admin.auth);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await t.app.repos.content.subscribers.findByEmail(row.email)).toBeUndefined();
    expectJson(await send('DELETE', `/api/admin/subscribers/${row.id}`, admin.auth), 404, NOT_FOUND);
  });

  it.each(['abc', '0', '-1', '2147483648'])('is 404 for the malformed id %s', async (id) => {
    const admin = await signedInAdmin(t.app);
    expectJson(await send('DELETE', `/api/admin/subscribers/${id}`, admin.auth), 404, NOT_FOUND);
  });
});
