import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestDb } from '../test/support/use-test-db';
import { isStorageFull, isUniqueViolation } from './dialect';

describe('isUniqueViolation', () => {
  const t = useTestDb();
  const failure = (attempt: Promise<unknown>) =>
    attempt.then(
      () => {
        throw new Error('expected the query to fail');
      },
      (error: unknown) => error,
    );

  it('recognises a duplicate unique value reported by the driver', async () => {
    const { admins } = t.db.schema;
    const admin = { name: 'A', email: uniqueEmail(), passwordHash: 'h' };
    await t.db.orm.insert(admins).values(admin);
    expect(isUniqueViolation(await failure(t.db.orm.insert(admins).values(admin)))).toBe(true);
  });

  it('recognises a duplicate primary key', async () => {
    const { rateLimits } = t.db.schema;
    const row = { key: 'duplicate-key', windowStart: new Date(), count: 1 };
    await t.db.orm.insert(rateLimits).values(row);
    expect(isUniqueViolation(await failure(t.db.orm.insert(rateLimits).values(row)))).toBe(true);
  });

  it('does not mistake other constraint failures or plain errors for one', async () => {
    const { memberships } = t.db.schema;
    const orphan = t.db.orm
      .insert(memberships)
      .values({ companyId: 999_999, userId: 999_999, role: 'owner' });
    expect(isUniqueViolation(await failure(orphan))).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe('isStorageFull', () => {
  const coded = (code: string) => Object.assign(new Error(code), { code });

  it("recognises SQLite's and the system's full disk, and PostgreSQL's insufficient resources, wrapped or not", () => {
    for (const code of ['SQLITE_FULL', 'ENOSPC', '53100', '53200', '53300']) {
      expect(isStorageFull(coded(code)), code).toBe(true);
      expect(isStorageFull(new Error('query failed', { cause: coded(code) })), code).toBe(true);
    }
  });

  it('leaves other failures alone', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_CONSTRAINT_UNIQUE', '23505', '57014', 'ECONNRESET']) {
      expect(isStorageFull(coded(code)), code).toBe(false);
    }
    expect(isStorageFull('53100')).toBe(false);
  });
});
