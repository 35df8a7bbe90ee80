import { MAX_SHARED_LINKS, type SharedLink } from '@footfall/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CompanyOwner, companyOwner } from './support/analytics';
import { newIp, useTestApp } from './support/app';
import { teammate } from './support/teams';

// Shared links (docs/api.md "Shared links"): how owners and admins manage them. What a link
// opens, and what it never opens, is in shared-views.test.ts.

const t = useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';

const linksOf =
  (owner: CompanyOwner, auth = owner.auth) =>
  (method: Method, path = '', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/companies/${owner.companyId}/shared-links${path}`,
      headers: auth,
      ...(payload !== undefined && { payload: payload as object }),
    });

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();

describe('shared links', () => {
  it('are created with a URL-safe token of 192 bits and a URL, listed oldest first, and revoked', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const call = linksOf(owner);
    const created = await call('POST', '', { name: '  Board  ' });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<{ data: SharedLink }>().data;
    expect(link).toEqual({
      id: expect.any(Number),
      name: 'Board',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      url: `http://footfall.test/share/${link.token}`,
      has_password: false,
      expires_at: null,
      created_at: expect.stringMatching(/Z$/),
    });
    const expiresAt = inDays(7);
    const locked = (
      await call('POST', '', { name: 'Investors', password: 'open sesame', expires_at: expiresAt })
    ).json<{ data: SharedLink }>().data;
    expect(locked).toMatchObject({ name: 'Investors', has_password: true, expires_at: expiresAt });
    expect(locked.token).not.toBe(link.token);
    expect(JSON.stringify(locked)).not.toContain('open sesame');

    expect((await call('GET')).json().data).toEqual([link, locked]);
    expect((await call('DELETE', `/${link.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${link.id}`)).statusCode).toBe(404);
    expect((await call('GET')).json().data).toEqual([locked]);
  });

  it('store the password only as a scrypt hash, never answered', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const created = await linksOf(owner)('POST', '', { name: 'Board', password: 'open sesame' });
    const { sharedLinks } = t.app.db.schema;
    const [row] = await t.app.db.orm
      .select()
      .from(sharedLinks)
      .where(eq(sharedLinks.id, created.json().data.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('open sesame');
    expect(created.body).not.toContain(row?.passwordHash);
    expect((await linksOf(owner)('GET')).body).not.toContain('scrypt');
  });

  it('refuse an expiry that is not in the future, a short password and a missing name, field by field', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const call = linksOf(owner);
    const past = await call('POST', '', { name: 'Board', expires_at: inDays(-1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual({ expires_at: ['The expires at field must be a date after now.'] });
    const now = await call('POST', '', { name: 'Board', expires_at: t.clock.now().toISOString() });
    expect(now.statusCode).toBe(422);
    const bad = await call('POST', '', { password: 'short', expires_at: 'next week' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['expires_at', 'name', 'password']);
    expect(bad.json().errors.password).toEqual(['The password field must be at least 8 characters.']);
    expect((await call('GET')).json().data).toEqual([]);
  });

  it(`are at most ${MAX_SHARED_LINKS} a company, expired ones included until revoked`, async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const other = await companyOwner(t.app, t.mailer);
    const rows = Array.from({ length: MAX_SHARED_LINKS - 1 }, (_, index) => ({
      companyId: owner.companyId,
      name: `Link ${index}`,
      token: `filler-token-${owner.companyId}-${index}`,
      passwordHash: null,
      expiresAt: new Date(t.clock.now().getTime() - 1000),
    }));
    await t.app.db.orm.insert(t.app.db.schema.sharedLinks).values(rows);
    const last = await linksOf(owner)('POST', '', { name: 'Last' });
    expect(last.statusCode, last.body).toBe(201);
    const beyond = await linksOf(owner)('POST', '', { name: 'One too many' });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors).toEqual({
      name: [`A company can have at most ${MAX_SHARED_LINKS} shared links; revoke one first.`],
    });
    expect((await linksOf(other)('POST', '', { name: 'Elsewhere' })).statusCode).toBe(201);
    expect((await linksOf(owner)('DELETE', `/${last.json().data.id}`)).statusCode).toBe(204);
    expect((await linksOf(owner)('POST', '', { name: 'Again' })).statusCode).toBe(201);
  });

  it('are managed by the owner and admins only; viewers and other companies are refused', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const user = { auth: owner.auth as { authorization: string } };
    const admin = await teammate(t.app, t.mailer, user, owner.companyId, 'admin');
    const viewer = await teammate(t.app, t.mailer, user, owner.companyId, 'viewer');
    const stranger = await companyOwner(t.app, t.mailer);

    const made = await linksOf(owner, admin.auth)('POST', '', { name: 'By an admin' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    const refusal = { message: "Only the company's owner and admins can manage its shared links." };
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'By a viewer' }],
      ['DELETE', `/${id}`, undefined],
    ] as const) {
      const answer = await linksOf(owner, viewer.auth)(method, path, payload);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual(refusal);
      expect((await linksOf(owner, stranger.auth)(method, path, payload)).statusCode).toBe(403);
    }
    // Another company's link id names nothing in this company.
    expect((await linksOf(stranger)('DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await linksOf(owner, admin.auth)('DELETE', `/${id}`)).statusCode).toBe(204);
  });

  it('go with their company when it is deleted', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const link = (await linksOf(owner)('POST', '', { name: 'Board' })).json<{ data: SharedLink }>().data;
    expect((await t.app.inject({ url: `/api/shared/${link.token}` })).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      remoteAddress: newIp(),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await t.app.inject({ url: `/api/shared/${link.token}` })).statusCode).toBe(404);
  });
});
