import { and, count, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type Db, pgOrmOf, sqliteClientOf } from '../../create-db';
import { EVENT_KINDS } from '../../schema/types';

/** The whole platform's counts, for the admin overview. */
export interface PlatformTotals {
  users: number;
  verifiedUsers: number;
  suspendedUsers: number;
  companies: number;
  listedCompanies: number;
  suspendedCompanies: number;
  /** Counted events (pageviews and custom events) stored by tracking, from `monthly_usage`. */
  events: number;
  apiCalls: number;
  subscribers: number;
  admins: number;
}

/** A count per calendar day (`YYYY-MM-DD`). */
export interface DayCount {
  day: string;
  count: number;
}

const total = (expression: SQL) => sql`coalesce(${expression}, 0)`.mapWith(Number);

/** The platform-wide counts of the admin overview: totals, sign-ups and metered usage per day, size. */
export function createAdminOverviewRepository(db: Db) {
  const { users, admins, companies, subscribers, monthlyUsage, apiCallCounts, botHits, events } = db.schema;

  /** The UTC calendar date of a timestamp column: the one dialect-specific fragment of the overview. */
  const utcDate = (column: SQLiteColumn): SQL =>
    db.dialect === 'sqlite'
      ? sql`strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`
      : sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

  async function createdPerDay(table: typeof users | typeof companies, since: Date): Promise<DayCount[]> {
    const day = utcDate(table.createdAt);
    const rows = await db.orm
      .select({ day: sql<string>`${day}`, count: count() })
      .from(table)
      .where(gte(table.createdAt, since))
      .groupBy(day);
    return rows.map((row) => ({ day: String(row.day), count: row.count }));
  }

  return {
    async platformTotals(): Promise<PlatformTotals> {
      const [people] = await db.orm
        .select({ all: count(), verified: count(users.emailVerifiedAt), suspended: count(users.suspendedAt) })
        .from(users);
      const [firms] = await db.orm
        .select({
          all: count(),
          listed: total(sql`sum(case when ${companies.listed} then 1 else 0 end)`),
          suspended: count(companies.suspendedAt),
        })
        .from(companies);
      const [usage] = await db.orm
        .select({ events: total(sql`sum(${monthlyUsage.events})`) })
        .from(monthlyUsage);
      const [calls] = await db.orm
        .select({ calls: total(sql`sum(${apiCallCounts.calls})`) })
        .from(apiCallCounts);
      const [readers] = await db.orm.select({ all: count() }).from(subscribers);
      const [staff] = await db.orm.select({ all: count() }).from(admins);
      return {
        users: people?.all ?? 0,
        verifiedUsers: people?.verified ?? 0,
        suspendedUsers: people?.suspended ?? 0,
        companies: firms?.all ?? 0,
        listedCompanies: firms?.listed ?? 0,
        suspendedCompanies: firms?.suspended ?? 0,
        events: usage?.events ?? 0,
        apiCalls: calls?.calls ?? 0,
        subscribers: readers?.all ?? 0,
        admins: staff?.all ?? 0,
      };
    },

    /** Users who signed up at or after `since`, per UTC day. */
    signupsPerDay: (since: Date) => createdPerDay(users, since),

    /** Companies created at or after `since`, per UTC day. */
    companiesPerDay: (since: Date) => createdPerDay(companies, since),

    /** Stats-API calls per day label (each company's local day) from `from` to `to`, inclusive. */
    async apiCallsPerDay(from: string, to: string): Promise<DayCount[]> {
      const rows = await db.orm
        .select({ day: apiCallCounts.day, count: total(sql`sum(${apiCallCounts.calls})`) })
        .from(apiCallCounts)
        .where(and(gte(apiCallCounts.day, from), lte(apiCallCounts.day, to)))
        .groupBy(apiCallCounts.day);
      return rows;
    },

    /** Bot hits per day label (each company's local day) from `from` to `to`, inclusive. */
    async botsPerDay(from: string, to: string): Promise<DayCount[]> {
      const rows = await db.orm
        .select({ day: botHits.day, count: total(sql`sum(${botHits.hits})`) })
        .from(botHits)
        .where(and(gte(botHits.day, from), lte(botHits.day, to)))
        .groupBy(botHits.day);
      return rows;
    },

    /**
     * Pageviews and custom events stored at or after `since` (a recent instant: they are still raw rows).
     * One range of the (company, time) index per company, rather than a scan of every event.
     */
    async eventsSince(since: Date): Promise<number> {
      const [row] = await db.orm
        .select({ events: count() })
        .from(events)
        .where(
          and(
            inArray(events.companyId, db.orm.select({ id: companies.id }).from(companies)),
            gte(events.ts, since),
            inArray(events.kind, [EVENT_KINDS.pageview, EVENT_KINDS.event]),
          ),
        );
      return row?.events ?? 0;
    },

    /** The database's size in bytes: SQLite's pages, or PostgreSQL's own measure of the database. */
    async databaseBytes(): Promise<number> {
      if (db.dialect === 'sqlite') {
        const client = sqliteClientOf(db);
        const pages = Number(client.pragma('page_count', { simple: true }));
        const pageSize = Number(client.pragma('page_size', { simple: true }));
        return pages * pageSize;
      }
      const result = await pgOrmOf(db).execute<{ bytes: string }>(
        sql`select pg_database_size(current_database()) as bytes`,
      );
      return Number(result.rows[0]?.bytes ?? 0);
    },
  };
}
