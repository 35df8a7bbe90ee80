import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, registration, unique, uniqueEmail, useTestDb } from '../../../test/support/use-test-db';
import type { SubjectKind } from '../../schema/types';
import type { NewAuthSessionInput } from './auth-sessions';

describe('the auth sessions repository', () => {
  const t = useTestDb();
  const now = at('2026-06-01T12:00:00Z');
  const newUserId = async () => (await t.repos.users.register(registration())).user.id;
  const newAdminId = async () =>
    (await t.repos.admins.create({ name: 'Admin', email: uniqueEmail('admin'), passwordHash: 'h' })).id;
  const create = (kind: SubjectKind, subjectId: number, overrides: Partial<NewAuthSessionInput> = {}) =>
    t.repos.authSessions.create({
      id: unique('sid'),
      kind,
      ...(kind === 'user' ? { userId: subjectId } : { adminId: subjectId }),
      remember: false,
      expiresAt: at('2026-06-02T12:00:00Z'),
      ip: '198.51.100.7',
      userAgent: 'Mozilla/5.0',
      ...overrides,
    });

  it('creates user and admin sessions with their creation and last-use times and networks', async () => {
    const userSession = await create('user', await newUserId(), { remember: true, ip: '198.51.100.0' });
    expect(userSession).toMatchObject({ kind: 'user', adminId: null, remember: true, revokedAt: null });
    expect(userSession.createdAt).toBeInstanceOf(Date);
    expect(userSession.lastUsedAt).toBeInstanceOf(Date);
    // Signing in is the first use: it was last used from where it signed in.
    expect(userSession).toMatchObject({ ip: '198.51.100.0', lastUsedIp: '198.51.100.0' });
    const adminSession = await create('admin', await newAdminId(), { ip: null, userAgent: null });
    expect(adminSession).toMatchObject({
      kind: 'admin',
      userId: null,
      ip: null,
      lastUsedIp: null,
      userAgent: null,
    });
  });

  it('refuses a session whose subject does not match its kind', async () => {
    await expect(create('admin', 0, { adminId: null, userId: await newUserId() })).rejects.toThrow();
  });

  it('finds a session only while it is neither revoked nor expired', async () => {
    const session = await create('user', await newUserId(), { expiresAt: now });
    expect(await t.repos.authSessions.findActive(session.id, new Date(now.getTime() - 1))).toEqual(session);
    expect(await t.repos.authSessions.findActive(session.id, now)).toBeUndefined();
    const revoked = await create('user', await newUserId());
    await t.repos.authSessions.revoke(revoked.id);
    expect(await t.repos.authSessions.findActive(revoked.id, now)).toBeUndefined();
    expect(await t.repos.authSessions.findActive(unique('missing'), now)).toBeUndefined();
  });

  it('records a use and its network, and slides the expiry forward, keeping where it signed in', async () => {
    const session = await create('user', await newUserId(), { ip: '198.51.100.0' });
    const use = { at: now, ip: '2001:db8:abcd::', expiresAt: at('2026-06-09T12:00:00Z') };
    await t.repos.authSessions.touch(session.id, use);
    const touched = await t.repos.authSessions.findActive(session.id, now);
    expect(touched?.lastUsedAt).toEqual(now);
    expect(touched?.expiresAt).toEqual(at('2026-06-09T12:00:00Z'));
    expect(touched).toMatchObject({ ip: '198.51.100.0', lastUsedIp: '2001:db8:abcd::' });
  });

  it('revokes every live session of one subject and answers how many', async () => {
    const userId = await newUserId();
    const [a, b] = [await create('user', userId), await create('user', userId)];
    const bystander = await create('user', await newUserId());
    await t.repos.authSessions.revoke(a.id);
    expect(await t.repos.authSessions.revokeAll('user', userId)).toBe(1);
    expect(await t.repos.authSessions.findActive(b.id, now)).toBeUndefined();
    expect(await t.repos.authSessions.findActive(bystander.id, now)).toBeDefined();
    const adminId = await newAdminId();
    const adminSession = await create('admin', adminId);
    expect(await t.repos.authSessions.revokeAll('admin', adminId)).toBe(1);
    expect(await t.repos.authSessions.findActive(adminSession.id, now)).toBeUndefined();
  });

  it('deletes the sessions that expired or were revoked before a time, and only those', async () => {
    const userId = await newUserId();
    const expired = await create('user', userId, { expiresAt: at('2026-05-01T00:00:00Z') });
    const live = await create('user', userId, { expiresAt: at('2099-01-01T00:00:00Z') });
    const revoked = await create('user', userId, { expiresAt: at('2099-01-01T00:00:00Z') });
    await t.repos.authSessions.revoke(revoked.id);
    // revoke() stamps the wall-clock time, so `before` must come after it.
    const deleted = await t.repos.authSessions.deleteExpired(new Date(Date.now() + 1000));
    expect(deleted).toBeGreaterThanOrEqual(2);
    const all = await t.db.orm.select().from(t.db.schema.authSessions);
    const ids = all.map((session) => session.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(revoked.id);
  });

  it('deletes the sessions of a deleted admin', async () => {
    const adminId = await newAdminId();
    const session = await create('admin', adminId);
    const { admins } = t.db.schema;
    await t.db.orm.delete(admins).where(eq(admins.id, adminId));
    expect(await t.repos.authSessions.findActive(session.id, now)).toBeUndefined();
  });
});
