import { and, count, eq, gte, inArray, lt, lte, min } from 'drizzle-orm';
import type { Db } from '../../create-db';
import { EVENT_KINDS } from '../../schema/types';

/** A stored daily rollup as listed: when it was built, and its counted events. */
export interface ListedRollup {
  companyId: number;
  day: string;
  /** When it was built (epoch ms): a rollup built after its day ended is final. */
  builtAt: number;
  /** Its counted events: pageviews plus custom events. */
  events: number;
}

/** A company's day with its counted events (pageviews plus custom events). */
export interface RollupCount {
  companyId: number;
  day: string;
  events: number;
}

/**
 * Where the analytics keep each company's days, read platform-wide for the admin overview's daily events
 * without decoding any rollup or segment in JavaScript. Each read walks one range of a per-company index
 * per company (`company_id in (select id from companies)`), never a whole table.
 */
export function createAdminActivityRepository(db: Db) {
  const { companies, dailyRollups, daySegments, sessions, events } = db.schema;
  const everyCompany = () => db.orm.select({ id: companies.id }).from(companies);

  return {
    /**
     * Every company's rollups of the days `from` to `to` (`YYYY-MM-DD`, inclusive), with their counted
     * events from the row's own total columns (written with the rollup), not from its JSON.
     */
    async listRollups(from: string, to: string): Promise<ListedRollup[]> {
      const rows = await db.orm
        .select({
          companyId: dailyRollups.companyId,
          day: dailyRollups.day,
          builtAt: dailyRollups.builtAt,
          pageviews: dailyRollups.pageviews,
          events: dailyRollups.events,
        })
        .from(dailyRollups)
        .where(
          and(
            inArray(dailyRollups.companyId, everyCompany()),
            gte(dailyRollups.day, from),
            lte(dailyRollups.day, to),
          ),
        );
      return rows.map((row) => ({
        companyId: row.companyId,
        day: row.day,
        builtAt: row.builtAt.getTime(),
        events: row.pageviews + row.events,
      }));
    },

    /** The counted events (pageviews plus custom events) of listed rollups, as they were listed. */
    async rollupCounts(listed: readonly ListedRollup[]): Promise<RollupCount[]> {
      return listed.map(({ companyId, day, events }) => ({ companyId, day, events }));
    },

    /** The packed days (their start instants, epoch ms) that start at or after `since`, of every company. */
    async segmentStarts(since: Date): Promise<{ companyId: number; startsAt: number }[]> {
      const rows = await db.orm
        .select({ companyId: daySegments.companyId, startsAt: daySegments.startsAt })
        .from(daySegments)
        .where(and(inArray(daySegments.companyId, everyCompany()), gte(daySegments.startsAt, since)));
      return rows.map((row) => ({ companyId: row.companyId, startsAt: row.startsAt.getTime() }));
    },

    /** Per company with raw (not yet packed) visits started at or after `since`: the first one (epoch ms). */
    async rawVisitStarts(since: Date): Promise<{ companyId: number; firstAt: number }[]> {
      const rows = await db.orm
        .select({ companyId: sessions.companyId, firstAt: min(sessions.startedAt) })
        .from(sessions)
        .where(and(inArray(sessions.companyId, everyCompany()), gte(sessions.startedAt, since)))
        .groupBy(sessions.companyId);
      return rows.flatMap((row) =>
        row.firstAt ? [{ companyId: row.companyId, firstAt: new Date(row.firstAt).getTime() }] : [],
      );
    },

    /** A company's raw pageviews and custom events made in [from, to). */
    async rawEventCount(companyId: number, from: Date, to: Date): Promise<number> {
      const [row] = await db.orm
        .select({ events: count() })
        .from(events)
        .where(
          and(
            eq(events.companyId, companyId),
            gte(events.ts, from),
            lt(events.ts, to),
            inArray(events.kind, [EVENT_KINDS.pageview, EVENT_KINDS.event]),
          ),
        );
      return row?.events ?? 0;
    },

    /** The time zones of some companies, by id. */
    async timezones(companyIds: number[]): Promise<Map<number, string>> {
      if (companyIds.length === 0) return new Map();
      const rows = await db.orm
        .select({ id: companies.id, timezone: companies.timezone })
        .from(companies)
        .where(inArray(companies.id, companyIds));
      return new Map(rows.map((row) => [row.id, row.timezone]));
    },
  };
}
