import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { type Db, sqliteClientOf } from '../create-db';
import type { Company, NewStoredEvent, NewVisitSession } from '../schema/types';
import { prepareTrackingWriter } from '../sqlite/tracking-writer';
import { run, transaction } from '../transaction';

/** A company as ingestion needs it: its settings and its plan's monthly events quota. */
export interface TrackedCompany extends Company {
  eventsQuota: number;
  retentionDays: number;
}

/** What a visit's row gains from one batch: its state after the batch, and the counts the batch adds. */
export interface SessionWrite extends NewVisitSession {
  pageviews: number;
  events: number;
  engagedMs: number;
}

/**
 * An event row to write. Its time is epoch milliseconds, as ingestion keeps it: the SQLite writer binds it
 * as it is, and only PostgreSQL's drizzle insert wants a `Date`.
 */
export type EventWrite = Omit<NewStoredEvent, 'ts'> & { ts: number };

/** One group commit: everything that many requests' events change, written in one transaction. */
export interface TrackingBatch {
  events: EventWrite[];
  sessions: SessionWrite[];
  /** Bot hits to add, per company and local day. */
  botHits: { companyId: number; day: string; hits: number }[];
  /** Counted events to add, per company and local month (`YYYY-MM`). */
  usage: { companyId: number; month: string; events: number }[];
}

/** An open visit as the session tracker keeps it in memory. */
export interface OpenSession {
  id: number;
  companyId: number;
  visitorId: number;
  startedAt: Date;
  lastActivityAt: Date;
  entryPage: string;
  exitPage: string;
}

// Multi-row inserts stay well under SQLite's limit of bound parameters per statement.
const ROWS_PER_STATEMENT = 400;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;

export function createTrackingRepository(db: Db) {
  const { companies, plans, events, sessions, visitorSalts, botHits, monthlyUsage } = db.schema;
  // `excluded` is the row that an upsert tried to insert; both dialects name it so.
  const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);
  const later = sql`${excluded(sessions.lastActivityAt)} >= ${sessions.lastActivityAt}`;
  const earlier = sql`${excluded(sessions.startedAt)} < ${sessions.startedAt}`;
  const pageviews = sql`${sessions.pageviews} + ${excluded(sessions.pageviews)}`;
  const eventCount = sql`${sessions.events} + ${excluded(sessions.events)}`;
  // How a visit row already stored takes in a batch's part of the visit.
  const mergeSession = {
    startedAt: sql`case when ${earlier} then ${excluded(sessions.startedAt)} else ${sessions.startedAt} end`,
    entryPage: sql`case when ${earlier} then ${excluded(sessions.entryPage)} else ${sessions.entryPage} end`,
    lastActivityAt: sql`case when ${later} then ${excluded(sessions.lastActivityAt)} else ${sessions.lastActivityAt} end`,
    exitPage: sql`case when ${later} then ${excluded(sessions.exitPage)} else ${sessions.exitPage} end`,
    pageviews,
    events: eventCount,
    engagedMs: sql`${sessions.engagedMs} + ${excluded(sessions.engagedMs)}`,
    isBounce: sql`case when ${pageviews} = 1 and ${eventCount} = 0 then true else false end`,
  };

  // Prepared at the first write, once the migrations have created the tables.
  let writeSqlite: ((batch: TrackingBatch) => void) | undefined;

  return {
    async findCompanyByTrackingKey(trackingKey: string): Promise<TrackedCompany | undefined> {
      const [row] = await db.orm
        .select({ company: companies, eventsQuota: plans.eventsQuota, retentionDays: plans.retentionDays })
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.trackingKey, trackingKey));
      return row && { ...row.company, eventsQuota: row.eventsQuota, retentionDays: row.retentionDays };
    },

    /**
     * The salt of a company's local day: the stored one, or `candidate` when there was none. Two servers
     * racing agree, since the first insert wins and both read it back.
     */
    async salt(companyId: number, day: string, candidate: string, now: Date): Promise<string> {
      await db.orm
        .insert(visitorSalts)
        .values({ companyId, day, salt: candidate, createdAt: now })
        .onConflictDoNothing();
      const [row] = await db.orm
        .select({ salt: visitorSalts.salt })
        .from(visitorSalts)
        .where(and(eq(visitorSalts.companyId, companyId), eq(visitorSalts.day, day)));
      if (!row) throw new Error(`The salt of company ${companyId} for ${day} vanished.`);
      return row.salt;
    },

    /** Deletes salts created before `cutoff`; once gone, that day's visitor ids can never be recomputed. */
    async pruneSalts(cutoff: Date): Promise<number> {
      const deleted = await db.orm
        .delete(visitorSalts)
        .where(lt(visitorSalts.createdAt, cutoff))
        .returning({ day: visitorSalts.day });
      return deleted.length;
    },

    /** Visits with activity after `since`: the ones a restarted server must continue. */
    async openSessions(since: Date): Promise<OpenSession[]> {
      return (
        db.orm
          .select({
            id: sessions.id,
            companyId: sessions.companyId,
            visitorId: sessions.visitorId,
            startedAt: sessions.startedAt,
            lastActivityAt: sessions.lastActivityAt,
            entryPage: sessions.entryPage,
            exitPage: sessions.exitPage,
          })
          .from(sessions)
          // One range of the (company, last activity) index per company, rather than a scan of all visits.
          .where(
            and(
              inArray(sessions.companyId, db.orm.select({ id: companies.id }).from(companies)),
              gt(sessions.lastActivityAt, since),
            ),
          )
      );
    },

    /** Counted events of a company in a local month (`YYYY-MM`). */
    async monthlyEvents(companyId: number, month: string): Promise<number> {
      const [row] = await db.orm
        .select({ events: monthlyUsage.events })
        .from(monthlyUsage)
        .where(and(eq(monthlyUsage.companyId, companyId), eq(monthlyUsage.month, month)));
      return row?.events ?? 0;
    },

    /**
     * Writes one group commit atomically. Visit rows are upserted with additive counts and
     * order-independent first/last fields, so a visit split over several batches (or servers) adds up.
     */
    async write(batch: TrackingBatch): Promise<void> {
      // SQLite: prepared statements, committed before this returns. PostgreSQL: the same writes through drizzle.
      if (db.dialect === 'sqlite') {
        writeSqlite ??= prepareTrackingWriter(sqliteClientOf(db));
        writeSqlite(batch);
        return;
      }
      await transaction(db, function* (tx) {
        for (const part of chunks(batch.events, ROWS_PER_STATEMENT)) {
          yield* run(tx.insert(events).values(part.map((event) => ({ ...event, ts: new Date(event.ts) }))));
        }
        for (const part of chunks(batch.sessions, ROWS_PER_STATEMENT / 2)) {
          yield* run(
            tx.insert(sessions).values(part).onConflictDoUpdate({ target: sessions.id, set: mergeSession }),
          );
        }
        if (batch.botHits.length > 0) {
          yield* run(
            tx
              .insert(botHits)
              .values(batch.botHits)
              .onConflictDoUpdate({
                target: [botHits.companyId, botHits.day],
                set: { hits: sql`${botHits.hits} + ${excluded(botHits.hits)}` },
              }),
          );
        }
        if (batch.usage.length > 0) {
          yield* run(
            tx
              .insert(monthlyUsage)
              .values(batch.usage)
              .onConflictDoUpdate({
                target: [monthlyUsage.companyId, monthlyUsage.month],
                set: { events: sql`${monthlyUsage.events} + ${excluded(monthlyUsage.events)}` },
              }),
          );
        }
      });
    },
  };
}
