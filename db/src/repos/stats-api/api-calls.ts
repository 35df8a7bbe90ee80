import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import { run, transaction } from '../../transaction';

/** Stats-API calls of one company, local day (`YYYY-MM-DD`) and endpoint pattern. */
export interface ApiCallTally {
  companyId: number;
  day: string;
  endpoint: string;
  calls: number;
}

export type ApiCallDay = Omit<ApiCallTally, 'companyId'>;

// Four parameters a row: far below SQLite's limit of bound parameters per statement.
const ROWS_PER_STATEMENT = 500;

/** Sums tallies that name the same row: one statement may not upsert a row twice (PostgreSQL refuses). */
function merged(tallies: ApiCallTally[]): ApiCallTally[] {
  const byRow = new Map<string, ApiCallTally>();
  for (const tally of tallies) {
    const key = `${tally.companyId} ${tally.day} ${tally.endpoint}`;
    const seen = byRow.get(key);
    if (seen) seen.calls += tally.calls;
    else byRow.set(key, { ...tally });
  }
  return [...byRow.values()];
}

export type ApiCallsRepository = ReturnType<typeof createApiCallsRepository>;

export function createApiCallsRepository(db: Db) {
  const { apiCallCounts } = db.schema;
  const inRange = (companyId: number, from: string, to: string) =>
    and(eq(apiCallCounts.companyId, companyId), gte(apiCallCounts.day, from), lte(apiCallCounts.day, to));

  return {
    /**
     * Adds calls to the stored counts: upserts that add, so servers and successive flushes add up. All or
     * nothing, so a caller may retry a failed call without counting anything twice.
     */
    async add(tallies: ApiCallTally[]): Promise<void> {
      const rows = merged(tallies).filter((tally) => tally.calls > 0);
      if (rows.length === 0) return;
      await transaction(db, function* (tx) {
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
          yield* run(
            tx
              .insert(apiCallCounts)
              .values(rows.slice(i, i + ROWS_PER_STATEMENT))
              .onConflictDoUpdate({
                target: [apiCallCounts.companyId, apiCallCounts.day, apiCallCounts.endpoint],
                set: { calls: sql`${apiCallCounts.calls} + excluded."calls"` },
              }),
          );
        }
      });
    },

    /** A company's counts per day and endpoint from `from` to `to` (`YYYY-MM-DD`, inclusive), by day. */
    async daily(companyId: number, from: string, to: string): Promise<ApiCallDay[]> {
      return db.orm
        .select({ day: apiCallCounts.day, endpoint: apiCallCounts.endpoint, calls: apiCallCounts.calls })
        .from(apiCallCounts)
        .where(inRange(companyId, from, to))
        .orderBy(asc(apiCallCounts.day), asc(apiCallCounts.endpoint));
    },

    /** A company's calls from `from` to `to` (`YYYY-MM-DD`, inclusive), every endpoint. */
    async total(companyId: number, from: string, to: string): Promise<number> {
      const [row] = await db.orm
        .select({ calls: sql<number | string>`coalesce(sum(${apiCallCounts.calls}), 0)` })
        .from(apiCallCounts)
        .where(inRange(companyId, from, to));
      // PostgreSQL sums integers as bigint, which node-postgres hands over as a string.
      return Number(row?.calls ?? 0);
    },
  };
}
