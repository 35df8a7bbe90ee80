import { and, count, eq, gte, inArray, lt, lte, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import { EVENT_KINDS } from '../../schema/types';

/** A stored daily rollup as listed, without its sums. */
export interface ListedRollup {
  companyId: number;
  day: string;
  /** When it was built (epoch ms): a rollup built after its day ended is final. */
  builtAt: number;
  /** New at every write of the row (`revision-cache.ts`). */
  revision: number;
}

/** A company's day with its counted events (pageviews plus custom events). */
export interface RollupCount {
  companyId: number;
  day: string;
  events: number;
}

/** Counted events remembered at most this many rollups; past it the memory starts over. */
const MAX_REMEMBERED = 1_000_000;
/** Beyond this many companies to read, the read names every company rather than binding each id. */
const MAX_BOUND_COMPANIES = 1_000;

const rollupKey = (row: { companyId: number; day: string }) => `${row.companyId} ${row.day}`;

/**
 * Where the analytics keep each company's days, read platform-wide for the admin overview's daily events
 * without decoding any rollup or segment in JavaScript. Each read walks one range of a per-company index
 * per company (`company_id in (select id from companies)`), never a whole table.
 */
export function createAdminActivityRepository(db: Db) {
  const { companies, dailyRollups, daySegments, sessions, events } = db.schema;
  const everyCompany = () => db.orm.select({ id: companies.id }).from(companies);
  const remembered = new Map<string, { revision: number; events: number }>();

  /**
   * A rollup's `totals.pageviews + totals.events`, extracted by the database from the stored JSON
   * (`server/src/storage/rollups.ts` writes it), so only two numbers a row travel. PostgreSQL parses
   * JSON slowly, and the rollup text opens with its totals (`{"totals":{…`): a pattern anchored there
   * reads them from the first bytes, and a full parse stays as the fallback should that ever change.
   */
  const total = (key: 'pageviews' | 'events'): SQL =>
    db.dialect === 'sqlite'
      ? sql`coalesce(json_extract(${dailyRollups.stats}, ${`$.totals.${key}`}), 0)`
      : sql`coalesce(substring(${dailyRollups.stats} from ${`^\\{"totals":\\{[^}]*"${key}":(\\d+)`})::bigint, (${dailyRollups.stats}::json -> 'totals' ->> ${key})::bigint, 0)`;
  const countedInStats = (): SQL => sql`${total('pageviews')} + ${total('events')}`;

  /** Extracts the counts of rollups not remembered at their revision, into the memory and `counts`. */
  async function fetchCounts(missing: readonly ListedRollup[], counts: Map<string, number>): Promise<void> {
    const companyIds = [...new Set(missing.map((row) => row.companyId))];
    // Missing rows are few and recent after the first overview: their days and companies bound the read.
    const found = await db.orm
      .select({
        companyId: dailyRollups.companyId,
        day: dailyRollups.day,
        revision: dailyRollups.revision,
        events: sql`${countedInStats()}`.mapWith(Number),
      })
      .from(dailyRollups)
      .where(
        and(
          inArray(
            dailyRollups.companyId,
            companyIds.length > MAX_BOUND_COMPANIES ? everyCompany() : companyIds,
          ),
          inArray(dailyRollups.day, [...new Set(missing.map((row) => row.day))]),
        ),
      );
    if (remembered.size + found.length > MAX_REMEMBERED) remembered.clear();
    for (const row of found) {
      remembered.set(rollupKey(row), { revision: row.revision, events: row.events });
      counts.set(rollupKey(row), row.events);
    }
  }

  return {
    /** Every company's rollups of the days `from` to `to` (`YYYY-MM-DD`, inclusive), without their sums. */
    async listRollups(from: string, to: string): Promise<ListedRollup[]> {
      const rows = await db.orm
        .select({
          companyId: dailyRollups.companyId,
          day: dailyRollups.day,
          builtAt: dailyRollups.builtAt,
          revision: dailyRollups.revision,
        })
        .from(dailyRollups)
        .where(
          and(
            inArray(dailyRollups.companyId, everyCompany()),
            gte(dailyRollups.day, from),
            lte(dailyRollups.day, to),
          ),
        );
      return rows.map((row) => ({ ...row, builtAt: row.builtAt.getTime() }));
    },

    /**
     * The counted events (pageviews plus custom events) of listed rollups. A final rollup changes only by
     * being written again, with a new revision, so each one's count is extracted once and then remembered
     * at its revision: a later overview reads only the rollups finished since.
     */
    async rollupCounts(listed: readonly ListedRollup[]): Promise<RollupCount[]> {
      const counts = new Map<string, number>();
      const missing = listed.filter((row) => {
        const known = remembered.get(rollupKey(row));
        if (known?.revision === row.revision) counts.set(rollupKey(row), known.events);
        return known?.revision !== row.revision;
      });
      if (missing.length > 0) await fetchCounts(missing, counts);
      return listed.flatMap((row) => {
        const events = counts.get(rollupKey(row));
        return events === undefined ? [] : [{ companyId: row.companyId, day: row.day, events }];
      });
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
