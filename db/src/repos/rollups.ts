import { and, eq, gte, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../create-db';

/** One company-day of rollups as stored: its sums as JSON, and when they were built (epoch ms). */
export interface StoredRollup {
  day: string;
  builtAt: number;
  stats: string;
}

export type RollupsRepository = ReturnType<typeof createRollupsRepository>;

/** The daily rollups of the analytics: one row of sums per company and local day (`daily_rollups`). */
export function createRollupsRepository(db: Db) {
  const { dailyRollups } = db.schema;

  return {
    /** The stored rollups of a company's days `from` to `to` (`YYYY-MM-DD`, inclusive). */
    async read(companyId: number, from: string, to: string): Promise<StoredRollup[]> {
      const rows = await db.orm
        .select({ day: dailyRollups.day, builtAt: dailyRollups.builtAt, stats: dailyRollups.stats })
        .from(dailyRollups)
        .where(
          and(eq(dailyRollups.companyId, companyId), gte(dailyRollups.day, from), lte(dailyRollups.day, to)),
        );
      return rows.map((row) => ({ ...row, builtAt: row.builtAt.getTime() }));
    },

    async save(companyId: number, rows: StoredRollup[]): Promise<void> {
      if (rows.length === 0) return;
      await db.orm
        .insert(dailyRollups)
        .values(
          rows.map((row) => ({ companyId, day: row.day, builtAt: new Date(row.builtAt), stats: row.stats })),
        )
        .onConflictDoUpdate({
          target: [dailyRollups.companyId, dailyRollups.day],
          set: { builtAt: sql.raw('excluded."built_at"'), stats: sql.raw('excluded."stats"') },
        });
    },

    /** Forgets the rollups of some of a company's days (all of them without `days`): they are rebuilt when read. */
    async forget(companyId: number, days?: readonly string[]): Promise<void> {
      const where = eq(dailyRollups.companyId, companyId);
      if (days === undefined) await db.orm.delete(dailyRollups).where(where);
      else if (days.length > 0)
        await db.orm.delete(dailyRollups).where(and(where, inArray(dailyRollups.day, [...days])));
    },

    /** The company's earliest rolled-up day (empty days are not stored), which may predate its raw rows. */
    async firstDay(companyId: number): Promise<string | undefined> {
      const [row] = await db.orm
        .select({ first: min(dailyRollups.day) })
        .from(dailyRollups)
        .where(eq(dailyRollups.companyId, companyId));
      return row?.first ?? undefined;
    },
  };
}
