import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, registration, unique, uniqueEmail, useTestDb } from '../../../test/support/use-test-db';
import { isUniqueViolation } from '../../dialect';

describe('the users repository', () => {
  const t = useTestDb();

  it('registers a user with a company on the default plan and an owner membership', async () => {
    const input = registration({ email: uniqueEmail('Ada').toUpperCase() });
    const { user, company } = await t.repos.users.register(input);
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: input.user.email.toLowerCase(),
      passwordHash: 'hash-1',
      emailVerifiedAt: null,
      suspendedAt: null,
    });
    expect(user.createdAt).toBeInstanceOf(Date);
    const freePlan = await t.repos.plans.findDefault();
    expect(company).toMatchObject({
      name: 'Analytical Engines',
      website: 'https://engines.example',
      timezone: 'Europe/London',
      trackingKey: input.company.trackingKey,
      domains: [],
      publicStats: false,
      listed: false,
      description: null,
      logoUrl: null,
      planId: freePlan?.id,
    });
    expect(await t.repos.users.listCompanies(user.id)).toEqual([
      { id: company.id, name: 'Analytical Engines', role: 'owner', plan: 'free' },
    ]);
  });

  it('rolls a registration back as a whole when the company cannot be created', async () => {
    const { company } = await t.repos.users.register(registration());
    const input = registration({ trackingKey: company.trackingKey });
    const usersBefore = await t.repos.users.count();
    await expect(t.repos.users.register(input)).rejects.toSatisfy(isUniqueViolation);
    expect(await t.repos.users.findByEmail(input.user.email)).toBeUndefined();
    expect(await t.repos.users.count()).toBe(usersBefore);
  });

  it('refuses to register an e-mail address that is taken in any letter case', async () => {
    const { user } = await t.repos.users.register(registration());
    const input = registration({ email: user.email.toUpperCase() });
    await expect(t.repos.users.register(input)).rejects.toSatisfy(isUniqueViolation);
    expect(await t.repos.companies.findByTrackingKey(input.company.trackingKey)).toBeUndefined();
  });

  it('finds users by id and by e-mail in any letter case', async () => {
    const { user } = await t.repos.users.register(registration());
    expect(await t.repos.users.findById(user.id)).toEqual(user);
    expect(await t.repos.users.findByEmail(` ${user.email.toUpperCase()} `)).toEqual(user);
    expect(await t.repos.users.findById(987_654)).toBeUndefined();
    expect(await t.repos.users.findByEmail(uniqueEmail('nobody'))).toBeUndefined();
  });

  it('counts users', async () => {
    const before = await t.repos.users.count();
    await t.repos.users.register(registration());
    expect(await t.repos.users.count()).toBe(before + 1);
  });

  it('updates the given fields only, lower-casing the e-mail and moving updated_at', async () => {
    const { user } = await t.repos.users.register(registration());
    const email = uniqueEmail('Renamed');
    const updated = await t.repos.users.update(user.id, {
      email,
      emailVerifiedAt: at('2026-02-01T00:00:00Z'),
    });
    expect(updated).toMatchObject({ name: user.name, email: email.toLowerCase(), passwordHash: 'hash-1' });
    expect(updated?.emailVerifiedAt).toEqual(at('2026-02-01T00:00:00Z'));
    expect(updated?.updatedAt.getTime()).toBeGreaterThanOrEqual(user.updatedAt.getTime());
    const renamed = await t.repos.users.update(user.id, { name: 'Countess', emailVerifiedAt: null });
    expect(renamed).toMatchObject({ name: 'Countess', email: email.toLowerCase(), emailVerifiedAt: null });
    expect(await t.repos.users.findById(user.id)).toEqual(renamed);
    expect(await t.repos.users.update(987_654, { name: 'Nobody' })).toBeUndefined();
  });

  it('refuses to change an e-mail to one another user has', async () => {
    const { user: first } = await t.repos.users.register(registration());
    const { user: second } = await t.repos.users.register(registration());
    await expect(t.repos.users.update(second.id, { email: first.email.toUpperCase() })).rejects.toSatisfy(
      isUniqueViolation,
    );
  });

  it('marks an address verified once, keeping the first verification time', async () => {
    const { user } = await t.repos.users.register(registration());
    expect(await t.repos.users.markVerified(user.id, at('2026-03-01T10:00:00Z'))).toBe(true);
    expect(await t.repos.users.markVerified(user.id, at('2026-03-02T10:00:00Z'))).toBe(false);
    expect((await t.repos.users.findById(user.id))?.emailVerifiedAt).toEqual(at('2026-03-01T10:00:00Z'));
  });

  it('changes the password and revokes every other live session of that user', async () => {
    const { user } = await t.repos.users.register(registration());
    const { user: other } = await t.repos.users.register(registration());
    const session = (userId: number) =>
      t.repos.authSessions.create({
        id: unique('session'),
        kind: 'user',
        userId,
        remember: false,
        expiresAt: at('2099-01-01T00:00:00Z'),
        ip: null,
        userAgent: null,
      });
    const [kept, revoked, othersSession] = [
      await session(user.id),
      await session(user.id),
      await session(other.id),
    ];
    await t.repos.users.changePassword(user.id, 'hash-2', kept.id);
    expect((await t.repos.users.findById(user.id))?.passwordHash).toBe('hash-2');
    const now = at('2026-01-01T00:00:00Z');
    expect(await t.repos.authSessions.findActive(kept.id, now)).toBeDefined();
    expect(await t.repos.authSessions.findActive(revoked.id, now)).toBeUndefined();
    expect(await t.repos.authSessions.findActive(othersSession.id, now)).toBeDefined();
    await t.repos.users.changePassword(user.id, 'hash-3', null);
    expect(await t.repos.authSessions.findActive(kept.id, now)).toBeUndefined();
  });

  it('lists the companies of a user by id with their role and plan slug', async () => {
    // Named against their id order, so that sorting by anything but id shows.
    const { user, company: own } = await t.repos.users.register(registration({ companyName: 'Zeta' }));
    const { company: joined } = await t.repos.users.register(registration({ companyName: 'Alpha' }));
    const { memberships } = t.db.schema;
    await t.db.orm.insert(memberships).values({ companyId: joined.id, userId: user.id, role: 'viewer' });
    expect(await t.repos.users.listCompanies(user.id)).toEqual([
      { id: own.id, name: own.name, role: 'owner', plan: 'free' },
      { id: joined.id, name: joined.name, role: 'viewer', plan: 'free' },
    ]);
  });

  it('deletes the memberships, sessions and reset tokens of a deleted user but not the company', async () => {
    const { user, company } = await t.repos.users.register(registration());
    const session = await t.repos.authSessions.create({
      id: unique('session'),
      kind: 'user',
      userId: user.id,
      remember: true,
      expiresAt: at('2099-01-01T00:00:00Z'),
      ip: '192.0.2.1',
      userAgent: 'test',
    });
    const tokenHash = unique('hash');
    await t.repos.passwordResets.replace({
      kind: 'user',
      subjectId: user.id,
      tokenHash,
      expiresAt: at('2099-01-01'),
    });
    const { users, memberships } = t.db.schema;
    await t.db.orm.delete(users).where(eq(users.id, user.id));
    expect(await t.db.orm.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
    expect(await t.repos.authSessions.findActive(session.id, at('2026-01-01'))).toBeUndefined();
    expect(await t.repos.passwordResets.findByHash('user', tokenHash)).toBeUndefined();
    expect(await t.repos.companies.findById(company.id)).toBeDefined();
  });
});
