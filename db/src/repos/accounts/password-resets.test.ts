import { describe, expect, it } from 'vitest';
import { at, registration, unique, uniqueEmail, useTestDb } from '../../../test/support/use-test-db';

describe('the password resets repository', () => {
  const t = useTestDb();
  const expiresAt = at('2026-06-01T13:00:00Z');
  const now = at('2026-06-01T12:30:00Z');
  const newUser = async () => (await t.repos.users.register(registration())).user;
  const newAdmin = () =>
    t.repos.admins.create({ name: 'Admin', email: uniqueEmail('admin'), passwordHash: 'old' });
  const liveSession = (kind: 'user' | 'admin', subjectId: number) =>
    t.repos.authSessions.create({
      id: unique('sid'),
      kind,
      ...(kind === 'user' ? { userId: subjectId } : { adminId: subjectId }),
      remember: false,
      expiresAt: at('2099-01-01T00:00:00Z'),
      ip: null,
      userAgent: null,
    });

  it('stores a token that is found by its hash for its kind of account only', async () => {
    const user = await newUser();
    const tokenHash = unique('hash');
    await t.repos.passwordResets.replace({ kind: 'user', subjectId: user.id, tokenHash, expiresAt });
    const found = await t.repos.passwordResets.findByHash('user', tokenHash);
    expect(found).toEqual({ id: expect.any(Number), kind: 'user', subjectId: user.id, expiresAt });
    expect(await t.repos.passwordResets.findByHash('admin', tokenHash)).toBeUndefined();
    expect(await t.repos.passwordResets.findByHash('user', unique('other'))).toBeUndefined();
  });

  it("replaces the account's earlier tokens and leaves other accounts' tokens alone", async () => {
    const [user, other] = [await newUser(), await newUser()];
    const [first, second, others] = [unique('first'), unique('second'), unique('others')];
    await t.repos.passwordResets.replace({ kind: 'user', subjectId: user.id, tokenHash: first, expiresAt });
    await t.repos.passwordResets.replace({ kind: 'user', subjectId: other.id, tokenHash: others, expiresAt });
    await t.repos.passwordResets.replace({ kind: 'user', subjectId: user.id, tokenHash: second, expiresAt });
    expect(await t.repos.passwordResets.findByHash('user', first)).toBeUndefined();
    expect(await t.repos.passwordResets.findByHash('user', second)).toMatchObject({ subjectId: user.id });
    expect(await t.repos.passwordResets.findByHash('user', others)).toMatchObject({ subjectId: other.id });
  });

  it('keeps the tokens of a user and of an admin with the same id apart', async () => {
    const user = await newUser();
    const admin = await newAdmin();
    const [userHash, adminHash] = [unique('user'), unique('admin')];
    await t.repos.passwordResets.replace({
      kind: 'user',
      subjectId: user.id,
      tokenHash: userHash,
      expiresAt,
    });
    await t.repos.passwordResets.replace({
      kind: 'admin',
      subjectId: admin.id,
      tokenHash: adminHash,
      expiresAt,
    });
    expect(await t.repos.passwordResets.findByHash('user', userHash)).toMatchObject({ subjectId: user.id });
    expect(await t.repos.passwordResets.findByHash('admin', adminHash)).toMatchObject({
      subjectId: admin.id,
    });
  });

  it("completes a user's reset: new password, tokens spent, sessions revoked, address verified", async () => {
    const user = await newUser();
    const session = await liveSession('user', user.id);
    const tokenHash = unique('hash');
    await t.repos.passwordResets.replace({ kind: 'user', subjectId: user.id, tokenHash, expiresAt });
    await t.repos.passwordResets.complete({ kind: 'user', subjectId: user.id, passwordHash: 'new', now });
    const updated = await t.repos.users.findById(user.id);
    expect(updated?.passwordHash).toBe('new');
    expect(updated?.emailVerifiedAt).toEqual(now);
    expect(await t.repos.passwordResets.findByHash('user', tokenHash)).toBeUndefined();
    expect(await t.repos.authSessions.findActive(session.id, now)).toBeUndefined();
  });

  it('keeps the earlier verification time of a user who was already verified', async () => {
    const user = await newUser();
    await t.repos.users.markVerified(user.id, at('2026-01-01T00:00:00Z'));
    await t.repos.passwordResets.complete({ kind: 'user', subjectId: user.id, passwordHash: 'new', now });
    expect((await t.repos.users.findById(user.id))?.emailVerifiedAt).toEqual(at('2026-01-01T00:00:00Z'));
  });

  it("completes an admin's reset without touching users", async () => {
    const admin = await newAdmin();
    const user = await newUser();
    const [adminSession, userSession] = [
      await liveSession('admin', admin.id),
      await liveSession('user', user.id),
    ];
    const tokenHash = unique('hash');
    await t.repos.passwordResets.replace({ kind: 'admin', subjectId: admin.id, tokenHash, expiresAt });
    await t.repos.passwordResets.complete({ kind: 'admin', subjectId: admin.id, passwordHash: 'new', now });
    expect((await t.repos.admins.findById(admin.id))?.passwordHash).toBe('new');
    expect(await t.repos.passwordResets.findByHash('admin', tokenHash)).toBeUndefined();
    expect(await t.repos.authSessions.findActive(adminSession.id, now)).toBeUndefined();
    expect(await t.repos.authSessions.findActive(userSession.id, now)).toBeDefined();
    expect((await t.repos.users.findById(user.id))?.passwordHash).toBe('hash-1');
  });
});
