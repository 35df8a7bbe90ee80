import { and, eq, gte, inArray, lte, min, sql } from 'drizzle-orm';
import type { Db, Orm } from '../../create-db';
import { createRevisionCache, newRevision, type RevisionCache } from '../revision-cache';

/** One company-day of rollups as stored: its sums as JSON, and when they were built (epoch ms). */
export interface StoredRollup {
  day: string;
  builtAt: number;
  stats: string;
}

/** A day's totals, which the rollup row also keeps in columns of their own for platform-wide reads. */
export interface RollupTotals {
  visitors: number;
  visits: number;
  pageviews: number;
  /** Custom events. */
  events: number;
}

/** A rollup to save: as stored, with its totals (read from `stats` when not given). */
export interface SavedRollup extends StoredRollup {
  totals?: RollupTotals;
}

/**
 * The totals that `stats` holds (`{"totals":{…},…}`, as the migration that added the columns reads them),
 * each 0 where it has none: for a row saved without its totals.
 */
function totalsIn(stats: string): RollupTotals {
  let totals: unknown;
  try {
    totals = (JSON.parse(stats) as { totals?: unknown })?.totals;
  } catch {
    totals = undefined;
  }
  const found = (typeof totals === 'object' && totals !== null ? totals : {}) as Record<string, unknown>;
  const count = (key: keyof RollupTotals) => {
    const value = found[key];
    return typeof value === 'number' && Number.isInteger(value) ? value : 0;
  };
  return {
    visitors: count('visitors'),
    visits: count('visits'),
    pageviews: count('pageviews'),
    events: count('events'),
  };
}

export type RollupsRepository = ReturnType<typeof createRollupsRepository>;

/**
 * The daily rollups of the analytics: one row of sums per company and local day (`daily_rollups`). `reads`
 * serves `read` and `firstDay` (the read replica in the set that `read-routing.ts` builds); saving and
 * forgetting rows stay on the primary.
 */
export function createRollupsRepository(
  db: Db,
  cache: RevisionCache = createRevisionCache(),
  reads: Orm = db.orm,
) {
  const { dailyRollups } = db.schema;
  const ofCompany = (companyId: number) => eq(dailyRollups.companyId, companyId);

  return {
    /**
     * How far behind the primary this repository's reads may be (ms): a rollup built from them is as of
     * that long ago, and says so in its `builtAt`, or a day's row built from a lagging replica just after
     * midnight would pass for final without the day's last commits. 0 when the reads are the primary's.
     */
    async readLagMs(): Promise<number> {
      return reads === db.orm ? 0 : db.readLagMs();
    },

    /**
     * The stored rollups of a company's days `from` to `to` (`YYYY-MM-DD`, inclusive), in order. Each call
     * lists the rows' revisions; only the sums not held in memory at that revision are read.
     */
    async read(companyId: number, from: string, to: string): Promise<StoredRollup[]> {
      const listed = await reads
        .select({ day: dailyRollups.day, revision: dailyRollups.revision })
        .from(dailyRollups)
        .where(and(ofCompany(companyId), gte(dailyRollups.day, from), lte(dailyRollups.day, to)))
        .orderBy(dailyRollups.day);
      const keyOf = (day: string) => `rollup:${companyId}:${day}`;
      return cache.read(
        listed.map((row) => ({ ...row, key: keyOf(row.day) })),
        async (missing) => {
          const days = missing.map((row) => row.day);
          const found = await reads
            .select()
            .from(dailyRollups)
            .where(and(ofCompany(companyId), inArray(dailyRollups.day, days)));
          return found.map((row) => ({
            key: keyOf(row.day),
            revision: row.revision,
            value: { day: row.day, builtAt: row.builtAt.getTime(), stats: row.stats },
            bytes: row.stats.length,
          }));
        },
      );
    },

    /** Writes rollups, each with its totals in their columns, in one statement. */
    async save(companyId: number, rows: readonly SavedRollup[]): Promise<void> {
      if (rows.length === 0) return;
      await db.orm
        .insert(dailyRollups)
        .values(
          rows.map((row) => {
            const totals = row.totals ?? totalsIn(row.stats);
            return {
              companyId,
              day: row.day,
              builtAt: new Date(row.builtAt),
              stats: row.stats,
              revision: newRevision(),
              visitors: totals.visitors,
              visits: totals.visits,
              pageviews: totals.pageviews,
              events: totals.events,
            };
          }),
        )
        .onConflictDoUpdate({
          target: [dailyRollups.companyId, dailyRollups.day],
          set: {
            builtAt: sql.raw('excluded."built_at"'),
            stats: sql.raw('excluded."stats"'),
            revision: sql.raw('excluded."revision"'),
            visitors: sql.raw('excluded."visitors"'),
            visits: sql.raw('excluded."visits"'),
            pageviews: sql.raw('excluded."pageviews"'),
            events: sql.raw('excluded."events"'),
          },
        });
    },

    /** Forgets the rollups of some of a company's days (all of them without `days`): they are rebuilt when read. */
    async forget(companyId: number, days?: readonly string[]): Promise<void> {
      const where = ofCompany(companyId);
      if (days === undefined) await db.orm.delete(dailyRollups).where(where);
      else if (days.length > 0)
        await db.orm.delete(dailyRollups).where(and(where, inArray(dailyRollups.day, [...days])));
    },

    /** The company's earliest rolled-up day (empty days are not stored), which may predate its raw rows. */
    async firstDay(companyId: number): Promise<string | undefined> {
      const [row] = await reads
        .select({ first: min(dailyRollups.day) })
        .from(dailyRollups)
        .where(ofCompany(companyId));
      return row?.first ?? undefined;
    },
  };
}
