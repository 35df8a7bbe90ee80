import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Orm } from '../create-db';

export type VisitCountsRepository = ReturnType<typeof createVisitCountsRepository>;

/**
 * Counts over the raw visits: the realtime count of the public widget and of the analytics. Read-only:
 * `reads` is the read replica in the set that `read-routing.ts` builds.
 */
export function createVisitCountsRepository(db: Db, reads: Orm = db.orm) {
  const { sessions } = db.schema;

  return {
    /** Distinct visitors of a company active since `since` (the realtime count). */
    async activeVisitors(companyId: number, since: Date): Promise<number> {
      const [row] = await reads
        .select({ visitors: sql<number>`count(distinct ${sessions.visitorId})` })
        .from(sessions)
        .where(and(gt(sessions.lastActivityAt, since), eq(sessions.companyId, companyId)));
      return Number(row?.visitors ?? 0);
    },

    /** When the company's latest visit was last active; null before its first event (the drop alert). */
    async lastActivityAt(companyId: number): Promise<Date | null> {
      const [row] = await reads
        .select({ last: sessions.lastActivityAt })
        .from(sessions)
        .where(eq(sessions.companyId, companyId))
        .orderBy(desc(sessions.lastActivityAt))
        .limit(1);
      return row?.last ?? null;
    },
  };
}
