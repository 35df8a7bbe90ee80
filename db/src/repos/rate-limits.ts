import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../create-db';
import { required } from './required';

export interface RateLimitHit {
  /** Hits counted in the current window, this one included. */
  count: number;
  windowStart: Date;
}

export interface RateLimitState {
  count: number;
  /** When the current window ends and the count starts again from zero. */
  resetAt: Date;
}

/** Hits counted elsewhere (in a server's memory) and added to a shared window in one go. */
export interface RateLimitCount {
  key: string;
  count: number;
}

/** Rows per statement when adding counts: three parameters a row, well within both drivers' limits. */
const ADD_CHUNK = 2_000;

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;

// Fixed windows that open at the first counted hit and last `windowMs`. A hit at or after the end of the
// window opens a new one with a count of 1.
export function createRateLimitsRepository(db: Db) {
  const { rateLimits } = db.schema;
  // Dates in raw SQL must go through the column's encoder: SQLite stores milliseconds, PostgreSQL a
  // timestamptz, and better-sqlite3 refuses to bind a Date at all.
  const asWindowStart = (date: Date) => sql.param(date, rateLimits.windowStart);

  return {
    /** Counts one hit for `key` and answers the window's state after it, in one atomic statement. */
    async hit(key: string, windowMs: number, now: Date): Promise<RateLimitHit> {
      const expired = sql`${rateLimits.windowStart} <= ${asWindowStart(new Date(now.getTime() - windowMs))}`;
      const [state] = await db.orm
        .insert(rateLimits)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${asWindowStart(now)} else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      return required(state, 'the rate-limit row');
    },

    /**
     * Adds counts to the windows that start at `windowStart` (windows aligned to the clock, the same on
     * every server) and answers each key's total in that window, one statement per 2 000 keys. A stored
     * window that started earlier is replaced; one that started later (a server already in the next
     * window) is left alone and not answered.
     */
    async addCounts(counts: RateLimitCount[], windowStart: Date): Promise<RateLimitCount[]> {
      const totals: RateLimitCount[] = [];
      const excludedStart = sql.raw('excluded.window_start');
      const older = sql`${rateLimits.windowStart} < ${excludedStart}`;
      for (let i = 0; i < counts.length; i += ADD_CHUNK) {
        const rows = counts.slice(i, i + ADD_CHUNK).map(({ key, count }) => ({ key, windowStart, count }));
        const stored = await db.orm
          .insert(rateLimits)
          .values(rows)
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`case when ${older} then excluded.count when ${rateLimits.windowStart} = ${excludedStart} then ${rateLimits.count} + excluded.count else ${rateLimits.count} end`,
              windowStart: sql`case when ${older} then ${excludedStart} else ${rateLimits.windowStart} end`,
            },
          })
          .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
        for (const row of stored) {
          if (row.windowStart.getTime() === windowStart.getTime())
            totals.push({ key: row.key, count: row.count });
        }
      }
      return totals;
    },

    /** The live window's state without counting a hit, or undefined when no window is open at `now`. */
    async peek(key: string, windowMs: number, now: Date): Promise<RateLimitState | undefined> {
      const [row] = await db.orm
        .select()
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now.getTime() - windowMs))));
      if (!row) return undefined;
      return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) };
    },

    /**
     * Takes back one hit of the window that opened at `windowStart` (a guess that proved right); a window
     * that has since been replaced keeps its count.
     */
    async release(key: string, windowStart: Date): Promise<void> {
      await db.orm
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)),
        );
    },

    async clear(key: string): Promise<void> {
      await db.orm.delete(rateLimits).where(eq(rateLimits.key, key));
    },

    /** Deletes windows that ended by `now` for every window length up to `maxWindowMs`; answers how many. */
    async prune(now: Date, maxWindowMs: number): Promise<number> {
      const deleted = await db.orm
        .delete(rateLimits)
        .where(lte(rateLimits.windowStart, new Date(now.getTime() - maxWindowMs)))
        .returning({ key: rateLimits.key });
      return deleted.length;
    },
  };
}
