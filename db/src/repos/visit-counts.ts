import { and, asc, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db, Orm } from '../create-db';

export type VisitCountsRepository = ReturnType<typeof createVisitCountsRepository>;

/** A raw event of the realtime view, with the source and country of its visit. */
export interface RecentActivityRow {
  ts: number;
  /** `EVENT_KINDS`: pageview, custom event or engagement ping. */
  kind: number;
  name: string | null;
  pathname: string;
  visitorId: number;
  source: string;
  country: string | null;
}

/**
 * Counts over the raw visits: the realtime count of the public widget and of the analytics, and the
 * realtime view's last minutes. Read-only:
 * `reads` is the read replica in the set that `read-routing.ts` builds.
 */
export function createVisitCountsRepository(db: Db, reads: Orm = db.orm) {
  const { sessions, events } = db.schema;

  return {
    /** Distinct visitors of a company active since `since` (the realtime count). */
    async activeVisitors(companyId: number, since: Date): Promise<number> {
      const [row] = await reads
        .select({ visitors: sql<number>`count(distinct ${sessions.visitorId})` })
        .from(sessions)
        .where(and(gt(sessions.lastActivityAt, since), eq(sessions.companyId, companyId)));
      return Number(row?.visitors ?? 0);
    },

    /**
     * Every raw event of a company since `since`, oldest first, with its visit's source and country (the
     * realtime view). The (company, ts) index gives the range, so it costs what it returns; the last half
     * hour is always raw, as a day is packed an hour after it ends.
     */
    async activitySince(companyId: number, since: Date): Promise<RecentActivityRow[]> {
      const rows = await reads
        .select({
          ts: events.ts,
          kind: events.kind,
          name: events.name,
          pathname: events.pathname,
          visitorId: events.visitorId,
          source: sessions.source,
          country: sessions.country,
        })
        .from(events)
        .innerJoin(sessions, eq(sessions.id, events.sessionId))
        .where(and(eq(events.companyId, companyId), gte(events.ts, since)))
        .orderBy(asc(events.ts));
      return rows.map((row) => ({ ...row, ts: row.ts.getTime() }));
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
