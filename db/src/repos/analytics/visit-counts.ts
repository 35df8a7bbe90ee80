import { and, type Column, desc, eq, gt, gte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Orm } from '../../create-db';
import { EVENT_KINDS } from '../../schema/types';

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
      const eventsBy = (column: typeof events.pathname | typeof events.name, kind: number) =>
        reads
          .select({
            value: column,
            visitors: distinctVisitors(events.visitorId),
            count: sql<number>`count(*)`,
          })
          .from(events)
          .where(and(inView, eq(events.kind, kind)))
          .groupBy(column);
      // The visits active in the view (their last activity in it: a visit is never active after its last
      // event) answer the visitors, sources and countries from their own, smaller table.
      const active = and(eq(sessions.companyId, companyId), gte(sessions.lastActivityAt, first));
      const visitsBy = (column: typeof sessions.source | typeof sessions.country) =>
        reads
          .select({
            value: column,
            visitors: distinctVisitors(sessions.visitorId),
            count: sql<number>`count(*)`,
          })
          .from(sessions)
          .where(active)
          .groupBy(column);
      const [byMinute, [totals], pages, named, sources, countries] = await Promise.all([
        reads
          .select({
            minute: minuteOf(events.ts, minuteStarts),
            pageviews: sql<number>`sum(case when ${events.kind} = ${EVENT_KINDS.pageview} then 1 else 0 end)`,
            visitors: distinctVisitors(events.visitorId),
          })
          .from(events)
          .where(inView)
          // By position: PostgreSQL would not match the select's expression to a repeated one (new parameters).
          .groupBy(sql`1`),
        reads
          .select({ visitors: distinctVisitors(sessions.visitorId) })
          .from(sessions)
          .where(active),
        eventsBy(events.pathname, EVENT_KINDS.pageview),
        eventsBy(events.name, EVENT_KINDS.event),
        visitsBy(sessions.source),
        visitsBy(sessions.country),
      ]);
      const minutes = minuteStarts.map(() => ({ pageviews: 0, visitors: 0 }));
      for (const row of byMinute) {
        minutes[Number(row.minute)] = { pageviews: Number(row.pageviews), visitors: Number(row.visitors) };
      }
      return {
        minutes,
        totals: {
          visitors: Number(totals?.visitors ?? 0),
          pageviews: countOf(groupsOf(pages)),
          events: countOf(groupsOf(named)),
        },
        pages: groupsOf(pages),
        events: groupsOf(named),
        sources: groupsOf(sources),
        countries: groupsOf(countries),
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

const distinctVisitors = (column: SQLWrapper) => sql<number>`count(distinct ${column})`;

/**
 * The index of the minute an event falls in: the last of `minuteStarts` at or before its time, told apart by
 * comparisons with the starts, which both dialects read alike.
 */
function minuteOf(ts: Column, minuteStarts: readonly Date[]): SQL<number> {
  const whens = minuteStarts
    .slice(1)
    // `sql.param` binds each start as the column stores it: milliseconds on SQLite, a timestamp on PostgreSQL.
    .map((start, index) => sql`when ${ts} < ${sql.param(start, ts)} then ${sql.raw(String(index))}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.raw(String(minuteStarts.length - 1))} end`;
}

/** A grouped list's rows as numbers (PostgreSQL answers counts as text), the null value left out. */
function groupsOf(
  list: readonly { value: string | null; visitors: number; count: number }[],
): RealtimeGroup[] {
  return list.flatMap(({ value, visitors, count }) =>
    value === null ? [] : [{ value, visitors: Number(visitors), count: Number(count) }],
  );
}

const countOf = (list: readonly { count: number }[]) => list.reduce((total, row) => total + row.count, 0);
