import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db, Orm } from '../create-db';
import { EVENT_KINDS } from '../schema/types';

export type VisitCountsRepository = ReturnType<typeof createVisitCountsRepository>;

/** One value of a realtime list: distinct visitors, and its events (pageviews of a page, sends of an event). */
export interface RealtimeGroup {
  value: string;
  visitors: number;
  count: number;
}

/** The realtime view's figures, counted by the database (`realtimeCounts`). */
export interface RealtimeCounts {
  /** One per minute start given, in order: its pageviews and distinct visitors with any activity. */
  minutes: { pageviews: number; visitors: number }[];
  totals: { visitors: number; pageviews: number; events: number };
  /** Every value, unsorted: pathnames of pageviews, names of custom events, visits' sources and countries. */
  pages: RealtimeGroup[];
  events: RealtimeGroup[];
  sources: RealtimeGroup[];
  countries: RealtimeGroup[];
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
     * The realtime view's figures over the company's events from `minuteStarts[0]` on, grouped and counted
     * by the database (no row leaves the database: the cost of reading 20,000 rows into
     * JavaScript was ten times that of counting them in place). Each event falls in the last minute start at or before it; the
     * minutes are told apart by comparisons with the starts, which both dialects read alike.
     */
    async realtimeCounts(companyId: number, minuteStarts: readonly Date[]): Promise<RealtimeCounts> {
      const first = minuteStarts[0];
      if (!first) throw new Error('realtimeCounts needs a minute');
      const inView = and(eq(events.companyId, companyId), gte(events.ts, first));
      const whens = minuteStarts
        .slice(1)
        // `sql.param` binds each start as the column stores it: milliseconds on SQLite, a timestamp on PostgreSQL.
        .map(
          (start, index) =>
            sql`when ${events.ts} < ${sql.param(start, events.ts)} then ${sql.raw(String(index))}`,
        );
      const minute = sql<number>`case ${sql.join(whens, sql` `)} else ${sql.raw(String(minuteStarts.length - 1))} end`;
      const isPageview = sql`case when ${events.kind} = ${EVENT_KINDS.pageview} then 1 else 0 end`;
      const visitors = sql<number>`count(distinct ${events.visitorId})`;
      const rows = Number;
      const groups = (list: { value: string | null; visitors: number; count: number }[]) =>
        list.flatMap(({ value, visitors: seen, count }) =>
          value === null ? [] : [{ value, visitors: rows(seen), count: rows(count) }],
        );
      // The visits active in the view (their last activity in it: a visit is never active after its last
      // event) answer the visitors, sources and countries from their own, smaller table.
      const active = and(eq(sessions.companyId, companyId), gte(sessions.lastActivityAt, first));
      const activeVisitors = sql<number>`count(distinct ${sessions.visitorId})`;
      const byVisit = (column: typeof sessions.source | typeof sessions.country) =>
        reads
          .select({ value: column, visitors: activeVisitors, count: sql<number>`count(*)` })
          .from(sessions)
          .where(active)
          .groupBy(column);
      const [byMinute, [totals], pages, named, sources, countries] = await Promise.all([
        reads
          .select({ minute, pageviews: sql<number>`sum(${isPageview})`, visitors })
          .from(events)
          .where(inView)
          // By position: PostgreSQL would not match the select's expression to a repeated one (new parameters).
          .groupBy(sql`1`),
        reads.select({ visitors: activeVisitors }).from(sessions).where(active),
        reads
          .select({ value: events.pathname, visitors, count: sql<number>`count(*)` })
          .from(events)
          .where(and(inView, eq(events.kind, EVENT_KINDS.pageview)))
          .groupBy(events.pathname),
        reads
          .select({ value: events.name, visitors, count: sql<number>`count(*)` })
          .from(events)
          .where(and(inView, eq(events.kind, EVENT_KINDS.event)))
          .groupBy(events.name),
        byVisit(sessions.source),
        byVisit(sessions.country),
      ]);
      const sum = (list: readonly { count: number }[]) => list.reduce((total, row) => total + row.count, 0);
      const minutes = minuteStarts.map(() => ({ pageviews: 0, visitors: 0 }));
      for (const row of byMinute) {
        minutes[Number(row.minute)] = { pageviews: rows(row.pageviews), visitors: rows(row.visitors) };
      }
      return {
        minutes,
        totals: {
          visitors: rows(totals?.visitors ?? 0),
          pageviews: sum(groups(pages)),
          events: sum(groups(named)),
        },
        pages: groups(pages),
        events: groups(named),
        sources: groups(sources),
        countries: groups(countries),
      };
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
