import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, newMember, newOwner, type Owner } from './support/stats-api';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const ADMINS_ONLY = { message: "Only the company's owner and admins can manage its API keys." };
const NO_ACCESS = { message: 'You do not have access to this company.' };

const t = useTestApp();

const keysUrl = (companyId: number | string) => `/api/companies/${companyId}/api-keys`;
const list = (owner: Pick<Owner, 'auth' | 'companyId'>) =>
  t.app.inject({ url: keysUrl(owner.companyId), headers: owner.auth });
const post = (companyId: number | string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: keysUrl(companyId), headers: auth, payload: payload as object });
const revoke = (companyId: number | string, keyId: number | string, auth: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `${keysUrl(companyId)}/${keyId}`, headers: auth });

async function storedKey(id: number) {
  const { apiKeys } = t.app.db.schema;
  const [row] = await t.app.db.orm.select().from(apiKeys).where(eq(apiKeys.id, id));
  if (!row) throw new Error('no such key');
  return row;
}

describe('POST /api/companies/{id}/api-keys', () => {
  it('answers 201 with the key and its secret, ffk_ and random, whose first 12 characters are the prefix', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const response = await post(owner.companyId, owner.auth, { name: '  Weekly report  ' });
    expectJson(response, 201, {
      data: {
        id: expect.any(Number),
        name: 'Weekly report',
        prefix: expect.stringMatching(/^ffk_[a-z0-9]{8}$/),
        created_at: expect.stringMatching(ISO),
        last_used_at: null,
        secret: expect.stringMatching(/^ffk_[a-z0-9]{40}$/),
      },
    });
    const { data } = response.json<{ data: { prefix: string; secret: string; created_at: string } }>();
    expect(data.prefix).toBe(data.secret.slice(0, 12));
    expect(Date.parse(data.created_at)).toBeCloseTo(t.clock.now().getTime(), -4);
    expect(response.headers['set-cookie']).toBeDefined(); // a dashboard answer: the XSRF cookie as usual
  });

  it('stores only the SHA-256 of the secret, never the secret itself', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const row = await storedKey(key.id);
    expect(row.secretHash).toBe(createHash('sha256').update(key.secret).digest('hex'));
    expect(row.prefix).toBe(key.secret.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(key.secret);
  });

  it('gives every key a different secret', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const [a, b] = [await createKey(t.app, owner, 'A'), await createKey(t.app, owner, 'B')];
    expect(a.secret).not.toBe(b.secret);
    expect(a.id).not.toBe(b.id);
  });

  it.each([
    ['a missing name', {}, 'The name field is required.'],
    ['an empty name', { name: '' }, 'The name field is required.'],
    ['a blank name', { name: '   ' }, 'The name field is required.'],
    ['a name that is not a string', { name: 42 }, 'The name field must be a string.'],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101) },
      'The name field must not be greater than 100 characters.',
    ],
  ])('is 422 for %s', async (_case, payload, message) => {
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await post(owner.companyId, owner.auth, payload), 422, {
      message: 'The given data was invalid.',
      errors: { name: [message] },
    });
    expectJson(await list(owner), 200, { data: [] });
    const admin = await newMember(t.app, t.mailer, owner.companyId, 'admin');
    expect((await post(owner.companyId, admin.auth, { name: 'By an admin' })).statusCode).toBe(201);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const owner = await newOwner(t.app, t.mailer);
    expect((await post(owner.companyId, owner.auth, { name: 'x'.repeat(100) })).statusCode).toBe(201);
  });

  it('allows 10 active keys, then 422 until one is revoked', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await createKey(t.app, owner, `Key ${i}`));
    expectJson(await post(owner.companyId, owner.auth, { name: 'One too many' }), 422, {
      message: 'The given data was invalid.',
      errors: { name: ['A company can have at most 10 active API keys; revoke one first.'] },
    });
    expect((await revoke(owner.companyId, keys[0]?.id ?? 0, owner.auth)).statusCode).toBe(204);
    expect((await post(owner.companyId, owner.auth, { name: 'Replacement' })).statusCode).toBe(201);
  });

  it('is 403 for a viewer and for another company; an admin creates one', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const member = await newMember(t.app, t.mailer, owner.companyId);
    expectJson(await post(owner.companyId, member.auth, { name: 'Mine' }), 403, ADMINS_ONLY);
    const stranger = await newOwner(t.app, t.mailer);
    expectJson(await post(owner.companyId, stranger.auth, { name: 'Mine' }), 403, NO_ACCESS);
    expectJson(await post(2 ** 31 - 1, stranger.auth, { name: 'Mine' }), 403, NO_ACCESS);
    expectJson(await list(owner), 200, { data: [] });
  });

  it('is 401 without a token, and 404 for a malformed company id', async () => {
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await post(owner.companyId, {}, { name: 'Mine' }), 401, UNAUTHENTICATED);
    for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
      expectJson(await post(id, owner.auth, { name: 'Mine' }), 404, { message: 'Not found.' });
    }
  });

  it('requires the XSRF header when the request carries cookies, as every dashboard write does', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const response = await post(
      owner.companyId,
      { ...owner.auth, cookie: 'XSRF-TOKEN=abc' },
      { name: 'Mine' },
    );
    expectJson(response, 419, { message: 'CSRF token mismatch.' });
  });
});

describe('GET /api/companies/{id}/api-keys', () => {
  it('lists the active keys oldest first with prefix and last use, and never a secret', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const first = await createKey(t.app, owner, 'First');
    const second = await createKey(t.app, owner, 'Second');
    const response = await list(owner);
    const { secret: _firstSecret, ...firstListed } = first;
    const { secret: _secondSecret, ...secondListed } = second;
    expectJson(response, 200, { data: [firstListed, secondListed] });
    expect(response.body).not.toContain(first.secret);
    expect(response.body).not.toContain(second.secret);
    expect(response.body).not.toContain((await storedKey(first.id)).secretHash);
  });

  it('lets an admin list the keys, and not a viewer', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const viewer = await newMember(t.app, t.mailer, owner.companyId);
    expectJson(await list({ auth: viewer.auth, companyId: owner.companyId }), 403, ADMINS_ONLY);
    const admin = await newMember(t.app, t.mailer, owner.companyId, 'admin');
    const response = await list({ auth: admin.auth, companyId: owner.companyId });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { id: number }[] }>().data.map((listed) => listed.id)).toEqual([key.id]);
    expect(response.body).not.toContain(key.secret);
  });

  it('is 403 for another company, 401 without a token and 404 for a malformed id', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const stranger = await newOwner(t.app, t.mailer);
    expectJson(await list({ auth: stranger.auth, companyId: owner.companyId }), 403, NO_ACCESS);
    expectJson(await t.app.inject({ url: keysUrl(owner.companyId) }), 401, UNAUTHENTICATED);
    expectJson(await t.app.inject({ url: keysUrl('x'), headers: owner.auth }), 404, {
      message: 'Not found.',
    });
  });

  it('does not let a key list keys: the dashboard routes take session tokens only', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const response = await t.app.inject({
      url: keysUrl(owner.companyId),
      headers: { authorization: bearer(key) },
    });
    expectJson(response, 401, UNAUTHENTICATED);
  });
});

describe('DELETE /api/companies/{id}/api-keys/{key_id}', () => {
  it('revokes the key: 204, gone from the list, its calls refused at once', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const [kept, revoked] = [await createKey(t.app, owner, 'Kept'), await createKey(t.app, owner, 'Revoked')];
    // A call first, so that the key sits in the server's cache when it is revoked.
    expect((await callStats(t.app, owner.companyId, bearer(revoked))).statusCode).not.toBe(401);
    const response = await revoke(owner.companyId, revoked.id, owner.auth);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectJson(await callStats(t.app, owner.companyId, bearer(revoked)), 401, UNAUTHENTICATED);
    expect((await callStats(t.app, owner.companyId, bearer(kept))).statusCode).not.toBe(401);
    const listed = (await list(owner)).json<{ data: { id: number }[] }>().data;
    expect(listed.map((key) => key.id)).toEqual([kept.id]);
    expect((await storedKey(revoked.id)).revokedAt).toEqual(expect.any(Date));
  });

  it('is 404 for an unknown key, a key of another company and a key already revoked', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const other = await newOwner(t.app, t.mailer);
    const othersKey = await createKey(t.app, other);
    const key = await createKey(t.app, owner);
    expectJson(await revoke(owner.companyId, 2 ** 31 - 1, owner.auth), 404, { message: 'Not found.' });
    expectJson(await revoke(owner.companyId, othersKey.id, owner.auth), 404, { message: 'Not found.' });
    expect((await callStats(t.app, other.companyId, bearer(othersKey))).statusCode).not.toBe(401);
    expect((await revoke(owner.companyId, key.id, owner.auth)).statusCode).toBe(204);
    expectJson(await revoke(owner.companyId, key.id, owner.auth), 404, { message: 'Not found.' });
  });

  it('is 404 for malformed ids', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    for (const [companyId, keyId] of [
      [owner.companyId, 'abc'],
      [owner.companyId, '0'],
      [owner.companyId, '2147483648'],
      ['abc', key.id],
    ] as const) {
      expectJson(await revoke(companyId, keyId, owner.auth), 404, { message: 'Not found.' });
    }
    expect((await list(owner)).json<{ data: unknown[] }>().data).toHaveLength(1);
  });

  it('is 403 for a viewer and for another company, and 401 without a token', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const member = await newMember(t.app, t.mailer, owner.companyId);
    const stranger = await newOwner(t.app, t.mailer);
    expectJson(await revoke(owner.companyId, key.id, member.auth), 403, ADMINS_ONLY);
    expectJson(await revoke(owner.companyId, key.id, stranger.auth), 403, NO_ACCESS);
    expectJson(await revoke(owner.companyId, key.id, {}), 401, UNAUTHENTICATED);
    expect((await list(owner)).json<{ data: unknown[] }>().data).toHaveLength(1);
  });
});
