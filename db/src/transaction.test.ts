import { eq, sql } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { at, unique, uniqueEmail, useTestDb } from '../test/support/use-test-db';
import { isUniqueViolation } from './dialect';
import type { Admin } from './schema/types';
import { first, rows, run, transaction } from './transaction';

describe(`transaction (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  const t = useTestDb();
  const newAdmin = (email: string) => ({ name: 'Grace', email, passwordHash: 'h' });
  const findAdmin = async (email: string) => {
    const { admins } = t.db.schema;
    return (await t.db.orm.select().from(admins).where(eq(admins.email, email)))[0];
  };

  it('commits every statement of a body that returns, and answers its value', async () => {
    const { admins } = t.db.schema;
    const email = uniqueEmail('commit');
    const result = await transaction(t.db, function* (tx) {
      const [created] = yield* rows(tx.insert(admins).values(newAdmin(email)).returning());
      yield* run(tx.update(admins).set({ name: 'Grace Hopper' }).where(eq(admins.email, email)));
      const reread = yield* first(tx.select().from(admins).where(eq(admins.email, email)));
      return { created, reread };
    });
    expectTypeOf(result.created).toEqualTypeOf<Admin | undefined>();
    expectTypeOf(result.reread).toEqualTypeOf<Admin | undefined>();
    expect(result.created?.name).toBe('Grace');
    expect(result.reread?.name).toBe('Grace Hopper');
    expect((await findAdmin(email))?.name).toBe('Grace Hopper');
  });

  it('answers undefined from first when the query finds no row', async () => {
    const { admins } = t.db.schema;
    const found = await transaction(t.db, function* (tx) {
      return yield* first(
        tx
          .select()
          .from(admins)
          .where(eq(admins.email, uniqueEmail('nobody'))),
      );
    });
    expect(found).toBeUndefined();
  });

  it('rolls back every statement when the body throws', async () => {
    const { admins } = t.db.schema;
    const email = uniqueEmail('rollback');
    const attempt = transaction(t.db, function* (tx) {
      yield* run(tx.insert(admins).values(newAdmin(email)));
      expect(yield* first(tx.select().from(admins).where(eq(admins.email, email)))).toBeDefined();
      throw new Error('changed my mind');
    });
    await expect(attempt).rejects.toThrow('changed my mind');
    expect(await findAdmin(email)).toBeUndefined();
  });

  it('rolls back the earlier statements when a later query fails', async () => {
    const { admins } = t.db.schema;
    const first = uniqueEmail('first');
    const taken = uniqueEmail('taken');
    await t.db.orm.insert(admins).values(newAdmin(taken));
    const error = await transaction(t.db, function* (tx) {
      yield* run(tx.insert(admins).values(newAdmin(first)));
      yield* run(tx.insert(admins).values(newAdmin(taken)));
    }).catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await findAdmin(first)).toBeUndefined();
  });

  it('runs the finally blocks of a body whose query fails', async () => {
    const { rateLimits } = t.db.schema;
    const key = unique('finally');
    let cleanedUp = false;
    const attempt = transaction(t.db, function* (tx) {
      try {
        yield* run(tx.insert(rateLimits).values({ key, windowStart: at('2026-01-01T00:00:00Z'), count: 1 }));
        yield* run(tx.insert(rateLimits).values({ key, windowStart: at('2026-01-01T00:00:00Z'), count: 1 }));
      } finally {
        cleanedUp = true;
      }
    });
    await expect(attempt).rejects.toSatisfy(isUniqueViolation);
    expect(cleanedUp).toBe(true);
  });

  it('commits concurrent transactions independently of each other', async () => {
    const { admins, rateLimits } = t.db.schema;
    const key = unique('concurrent');
    await t.db.orm.insert(rateLimits).values({ key, windowStart: at('2026-01-01T00:00:00Z'), count: 0 });
    const emails = Array.from({ length: 10 }, () => uniqueEmail('concurrent'));
    await Promise.all(
      emails.map((email) =>
        transaction(t.db, function* (tx) {
          yield* run(tx.insert(admins).values(newAdmin(email)));
          yield* run(
            tx
              .update(rateLimits)
              .set({ count: sql`${rateLimits.count} + 1` })
              .where(eq(rateLimits.key, key)),
          );
        }),
      ),
    );
    const [row] = await t.db.orm.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(10);
    for (const email of emails) expect(await findAdmin(email)).toBeDefined();
  });
});
