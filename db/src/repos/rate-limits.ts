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

    /** The live window's state without counting a hit, or undefined when no window is open at `now`. */
    async peek(key: string, windowMs: number, now: Date): Promise<RateLimitState | undefined> {
      const [row] = await db.orm
        .select()
        .from(rateLimits)
        .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now.getTime() - windowMs))));
      if (!row) return undefined;
      return { count: row.count, resetAt: new Date(row.windowStart.getTime() + windowMs) };
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
