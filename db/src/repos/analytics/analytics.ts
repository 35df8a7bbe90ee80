import { and, asc, count, eq, gte, inArray, lt, max, min, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Orm } from '../../create-db';
import { EVENT_KINDS, type VisitOrigin } from '../../schema/types';
import { effectiveRetentionDays } from '../companies/companies';

/**
 * A visit as the analytics read it: every stored field, times in epoch milliseconds, so that a day's
 * visits can be packed into a segment and unpacked again without loss.
 */
export interface AnalyticsVisit extends VisitOrigin {
  id: number;
  visitorId: number;
  startedAt: number;
  lastActivityAt: number;
  hostname: string;
  entryPage: string;
  exitPage: string;
  pageviews: number;
  events: number;
  engagedMs: number;
  isBounce: boolean;
}

/** An event as the analytics read it (every stored field but the visitor, which its visit holds). */
export interface AnalyticsEvent {
  sessionId: number;
  ts: number;
  /** `EVENT_KINDS`: 1 pageview, 2 custom event, 3 engagement. */
  kind: number;
  name: string | null;
  hostname: string;
  pathname: string;
  props: Record<string, string | number | boolean> | null;
  engagedMs: number | null;
  scrollDepth: number | null;
}

/** Exact-match conditions on visits; `referrer` matches the referrer's host. */
export interface VisitConditions {
  entryPage?: string;
  exitPage?: string;
  source?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  country?: string;
  browser?: string;
  os?: string;
  device?: string;
}

/**
 * Conditions on events: `page` is exact, or a prefix when `pagePrefix`; `name` applies to custom events.
 * Without `allKinds`, only pageviews and custom events are read; with it, engagement pings too.
 */
export interface EventConditions {
  page?: string;
  pagePrefix?: boolean;
  hostname?: string;
  name?: string;
  allKinds?: boolean;
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

/**
 * The raw reads behind the analytics detail: visits and events of a company between two instants. `reads`
 * serves the reads an analytics answer makes (visits, events, bot hits, first and last activity): the read
 * replica in the set that `read-routing.ts` builds. The purge's and the deletion's reads and every write
 * stay on the primary.
 */
export function createAnalyticsRepository(db: Db, reads: Orm = db.orm) {
  const { sessions, events, botHits, companies, plans, openVisits } = db.schema;
  // `substr` instead of LIKE: SQLite's LIKE ignores ASCII case and both treat `%` and `_` specially.
  const startsWith = (column: SQL | typeof events.pathname, prefix: string) =>
    sql`substr(${column}, 1, ${prefix.length}) = ${prefix}`;

  const exact = {
    entryPage: sessions.entryPage,
    exitPage: sessions.exitPage,
    source: sessions.source,
    utmSource: sessions.utmSource,
    utmMedium: sessions.utmMedium,
    utmCampaign: sessions.utmCampaign,
    country: sessions.country,
    browser: sessions.browser,
    os: sessions.os,
    device: sessions.device,
  } as const;

  function visitWhere(conditions: VisitConditions): SQL[] {
    const where: SQL[] = [];
    for (const key of Object.keys(exact) as (keyof typeof exact)[]) {
      const value = conditions[key];
      if (value !== undefined) where.push(eq(exact[key], value) as SQL);
    }
    if (conditions.referrer !== undefined) {
      // Rows are `host/path`: the filter names a host, so a value holding a `/` matches nothing.
      const host = conditions.referrer;
      where.push(
        host.includes('/')
          ? sql`1 = 0`
          : (or(eq(sessions.referrer, host), startsWith(sql`${sessions.referrer}`, `${host}/`)) as SQL),
      );
    }
    return where;
  }

  return {
    /** Visits that started in [from, to), matching every condition, in start order. */
    async visits(companyId: number, from: number, to: number, conditions: VisitConditions = {}) {
      const rows = await reads
        .select({
          id: sessions.id,
          visitorId: sessions.visitorId,
          startedAt: sessions.startedAt,
          lastActivityAt: sessions.lastActivityAt,
          hostname: sessions.hostname,
          pageviews: sessions.pageviews,
          events: sessions.events,
          engagedMs: sessions.engagedMs,
          isBounce: sessions.isBounce,
          referrer: sessions.referrer,
          utmContent: sessions.utmContent,
          utmTerm: sessions.utmTerm,
          language: sessions.language,
          ...exact,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.companyId, companyId),
            gte(sessions.startedAt, new Date(from)),
            lt(sessions.startedAt, new Date(to)),
            ...visitWhere(conditions),
          ),
        )
        .orderBy(asc(sessions.startedAt));
      return rows.map(
        (row): AnalyticsVisit => ({
          ...row,
          id: Number(row.id),
          visitorId: Number(row.visitorId),
          startedAt: row.startedAt.getTime(),
          lastActivityAt: row.lastActivityAt.getTime(),
        }),
      );
    },

    /** Pageviews and custom events made in [from, to), matching every condition. */
    async events(companyId: number, from: number, to: number, conditions: EventConditions = {}) {
      const where: (SQL | undefined)[] = [
        eq(events.companyId, companyId),
        gte(events.ts, new Date(from)),
        lt(events.ts, new Date(to)),
      ];
      if (conditions.name !== undefined) {
        // A name selects custom events; pageviews (and pings) stay, since they count within the selected
        // visits.
        where.push(
          or(
            conditions.allKinds ? ne(events.kind, EVENT_KINDS.event) : eq(events.kind, EVENT_KINDS.pageview),
            and(eq(events.kind, EVENT_KINDS.event), eq(events.name, conditions.name)),
          ),
        );
      } else if (!conditions.allKinds)
        where.push(inArray(events.kind, [EVENT_KINDS.pageview, EVENT_KINDS.event]));
      if (conditions.page !== undefined) {
        where.push(
          conditions.pagePrefix
            ? startsWith(events.pathname, conditions.page)
            : eq(events.pathname, conditions.page),
        );
      }
      if (conditions.hostname !== undefined) where.push(eq(events.hostname, conditions.hostname));
      const rows = await reads
        .select({
          sessionId: events.sessionId,
          ts: events.ts,
          kind: events.kind,
          name: events.name,
          hostname: events.hostname,
          pathname: events.pathname,
          props: events.props,
          engagedMs: events.engagedMs,
          scrollDepth: events.scrollDepth,
        })
        .from(events)
        .where(and(...where));
      return rows.map(
        (row): AnalyticsEvent => ({ ...row, sessionId: Number(row.sessionId), ts: row.ts.getTime() }),
      );
    },

    /** Bot hits dropped on the local days `from` to `to` (`YYYY-MM-DD`, inclusive). */
    async botHits(companyId: number, from: string, to: string): Promise<number> {
      const [row] = await reads
        .select({ hits: sql<number>`coalesce(sum(${botHits.hits}), 0)` })
        .from(botHits)
        .where(and(eq(botHits.companyId, companyId), gte(botHits.day, from), sql`${botHits.day} <= ${to}`));
      return Number(row?.hits ?? 0);
    },

    /** The company's latest activity, if any: one step down the (company, last activity) index. */
    async lastActivityAt(companyId: number): Promise<number | undefined> {
      const [row] = await reads
        .select({ last: max(sessions.lastActivityAt) })
        .from(sessions)
        .where(eq(sessions.companyId, companyId));
      return row?.last ? new Date(row.last).getTime() : undefined;
    },

    /** When the company's first visit (at or after `from`, if given) started, if it has any. */
    async firstVisitAt(companyId: number, from?: number): Promise<number | undefined> {
      const [row] = await reads
        .select({ first: min(sessions.startedAt) })
        .from(sessions)
        .where(
          and(
            eq(sessions.companyId, companyId),
            from === undefined ? undefined : gte(sessions.startedAt, new Date(from)),
          ),
        );
      return row?.first ? new Date(row.first).getTime() : undefined;
    },

    /**
     * Every company with its zone and how many days its events are kept: its own setting when shorter than
     * its plan's, else the plan's (`effectiveRetentionDays`), for the purge.
     */
    async retentionOfCompanies(): Promise<{ id: number; timezone: string; retentionDays: number }[]> {
      const rows = await db.orm
        .select({
          id: companies.id,
          timezone: companies.timezone,
          setting: companies.retentionDays,
          planDays: plans.retentionDays,
        })
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId));
      return rows.map(({ setting, planDays, ...company }) => ({
        ...company,
        retentionDays: effectiveRetentionDays(setting, planDays),
      }));
    },

    /** How many of a company's events were made, and visits started, in [from, to) (a deletion's dry run). */
    async countRaw(companyId: number, from: number, to: number): Promise<{ events: number; visits: number }> {
      const [made] = await db.orm
        .select({ total: count() })
        .from(events)
        .where(
          and(eq(events.companyId, companyId), gte(events.ts, new Date(from)), lt(events.ts, new Date(to))),
        );
      const [started] = await db.orm
        .select({ total: count() })
        .from(sessions)
        .where(
          and(
            eq(sessions.companyId, companyId),
            gte(sessions.startedAt, new Date(from)),
            lt(sessions.startedAt, new Date(to)),
          ),
        );
      return { events: Number(made?.total ?? 0), visits: Number(started?.total ?? 0) };
    },

    /** Deletes a company's bot counts of the local days `from` to `to` (`YYYY-MM-DD`, inclusive). */
    async deleteBotHits(companyId: number, from: string, to: string): Promise<void> {
      await db.orm
        .delete(botHits)
        .where(and(eq(botHits.companyId, companyId), gte(botHits.day, from), sql`${botHits.day} <= ${to}`));
    },

    /**
     * Deletes a company's events made, and visits started, in [from, to). Callers go a day at a time, so
     * that no statement holds SQLite's write lock for long while ingestion waits.
     */
    async deleteRaw(
      companyId: number,
      from: number,
      to: number,
    ): Promise<{ events: number; visits: number }> {
      const gone = await db.orm
        .delete(events)
        .where(
          and(eq(events.companyId, companyId), gte(events.ts, new Date(from)), lt(events.ts, new Date(to))),
        )
        .returning({ kind: events.kind });
      const ended = await db.orm
        .delete(sessions)
        .where(
          and(
            eq(sessions.companyId, companyId),
            gte(sessions.startedAt, new Date(from)),
            lt(sessions.startedAt, new Date(to)),
          ),
        )
        .returning({ id: sessions.id });
      // A deleted visit still open must not be continued: its next event starts a new one.
      await db.orm
        .delete(openVisits)
        .where(
          and(
            eq(openVisits.companyId, companyId),
            gte(openVisits.startedAt, new Date(from)),
            lt(openVisits.startedAt, new Date(to)),
          ),
        );
      return { events: gone.length, visits: ended.length };
    },
  };
}
