import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { type Db, pgOrmOf, sqliteClientOf } from '../../create-db';
import { writeTrackingBatch } from '../../postgres/tracking-writer';
import type { Company } from '../../schema/types';
import { prepareOpenVisitsKeeper } from '../../sqlite/open-visits-keeper';
import { prepareTrackingWriter } from '../../sqlite/tracking-writer';
import type { TrackingBatch, VisitIdChanges } from '../../tracking-batch';
import { effectiveRetentionDays } from '../companies/companies';

/** A company as ingestion needs it: its settings and its plan's monthly events quota. */
export interface TrackedCompany extends Company {
  eventsQuota: number;
  /** How many days its events are kept: the site's setting or the plan's, whichever is shorter. */
  retentionDays: number;
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

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;

/** Rows per statement when writing open visits: seven parameters a row. */
const KEEP_CHUNK = 500;

export function createTrackingRepository(db: Db) {
  const { companies, plans, sessions, visitorSalts, monthlyUsage, openVisits } = db.schema;
  const openSessionColumns = {
    id: sessions.id,
    companyId: sessions.companyId,
    visitorId: sessions.visitorId,
    startedAt: sessions.startedAt,
    lastActivityAt: sessions.lastActivityAt,
    entryPage: sessions.entryPage,
    exitPage: sessions.exitPage,
  };
  /**
   * Writes where the open visits that left a server's memory are (SQLite, docs/api.md "Limits that hold
   * under attack"): one `open_visits` row per visitor naming its visit, the later activity kept, so that
   * the visitor's next event continues it (`sharedOpenVisit`). On PostgreSQL every commit keeps these.
   */
  async function keepOpenVisits(visits: readonly OpenSession[]): Promise<void> {
    if (db.dialect === 'sqlite') {
      keepSqlite ??= prepareOpenVisitsKeeper(sqliteClientOf(db));
      keepSqlite(visits);
      return;
    }
    for (let i = 0; i < visits.length; i += KEEP_CHUNK) {
      const rows = visits.slice(i, i + KEEP_CHUNK).map((visit) => ({
        companyId: visit.companyId,
        visitorId: visit.visitorId,
        sessionId: visit.id,
        startedAt: visit.startedAt,
        lastActivityAt: visit.lastActivityAt,
        exitPage: visit.exitPage,
        exitAt: visit.lastActivityAt,
      }));
      await db.orm
        .insert(openVisits)
        .values(rows)
        .onConflictDoUpdate({
          target: [openVisits.companyId, openVisits.visitorId],
          set: {
            sessionId: sql.raw('excluded.session_id'),
            startedAt: sql.raw('excluded.started_at'),
            lastActivityAt: sql.raw('excluded.last_activity_at'),
            exitPage: sql.raw('excluded.exit_page'),
            exitAt: sql.raw('excluded.exit_at'),
          },
          setWhere: sql`excluded.last_activity_at >= ${openVisits.lastActivityAt}`,
        });
    }
  }

  // Prepared at the first write, once the migrations have created the tables.
  let writeSqlite: ((batch: TrackingBatch) => void) | undefined;
  let keepSqlite: ((visits: readonly OpenSession[]) => void) | undefined;

  return {
    async findCompanyByTrackingKey(trackingKey: string): Promise<TrackedCompany | undefined> {
      const [row] = await db.orm
        .select({ company: companies, eventsQuota: plans.eventsQuota, retentionDays: plans.retentionDays })
        .from(companies)
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(eq(companies.trackingKey, trackingKey));
      return (
        row && {
          ...row.company,
          eventsQuota: row.eventsQuota,
          retentionDays: effectiveRetentionDays(row.company.retentionDays, row.retentionDays),
        }
      );
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

    /**
     * Visits with activity after `since`: the ones a restarted server must continue; with `limit`, the most
     * recently active that many.
     */
    async openSessions(since: Date, limit?: number): Promise<OpenSession[]> {
      const query = db.orm
        .select(openSessionColumns)
        .from(sessions)
        // One range of the (company, last activity) index per company, rather than a scan of all visits.
        .where(
          and(
            inArray(sessions.companyId, db.orm.select({ id: companies.id }).from(companies)),
            gt(sessions.lastActivityAt, since),
          ),
        );
      return limit === undefined ? query : query.orderBy(desc(sessions.lastActivityAt)).limit(limit);
    },

    keepOpenVisits,

    /**
     * Writes every visit active after `since` to `open_visits` (SQLite): after a restart that could not hold
     * them all in memory, their visitors' next events find them there.
     */
    async keepRecentVisits(since: Date): Promise<void> {
      const recent = db.orm
        .select({
          companyId: sessions.companyId,
          visitorId: sessions.visitorId,
          sessionId: sessions.id,
          startedAt: sessions.startedAt,
          lastActivityAt: sessions.lastActivityAt,
          exitPage: sessions.exitPage,
          exitAt: sessions.lastActivityAt,
        })
        .from(sessions)
        .where(
          and(
            inArray(sessions.companyId, db.orm.select({ id: companies.id }).from(companies)),
            gt(sessions.lastActivityAt, since),
          ),
        );
      for (let offset = 0; ; offset += KEEP_CHUNK) {
        const rows = await recent.orderBy(sessions.id).limit(KEEP_CHUNK).offset(offset);
        await keepOpenVisits(rows.map((row) => ({ ...row, id: row.sessionId, entryPage: '' })));
        if (rows.length < KEEP_CHUNK) return;
      }
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
     * Whether servers share open visits through the database (PostgreSQL, where several may run): then visit
     * ids come from `takeVisitIdBlock` and live batches resolve their visits at the commit.
     */
    sharesVisits: db.dialect === 'postgres',

    /** The first of `VISIT_ID_BLOCK` visit ids that no other server will mint (PostgreSQL). */
    async takeVisitIdBlock(): Promise<number> {
      const result = await pgOrmOf(db).execute<{ start: string }>(sql`select nextval('visit_ids') as start`);
      return Number(result.rows[0]?.start);
    },

    /**
     * The visit a visitor has open in the database at `since` or later, whichever server opened it: how a
     * server continues a visit that another one started (PostgreSQL).
     */
    async sharedOpenVisit(
      companyId: number,
      visitorId: number,
      since: Date,
    ): Promise<OpenSession | undefined> {
      const [row] = await db.orm
        .select(openSessionColumns)
        .from(openVisits)
        .innerJoin(sessions, eq(sessions.id, openVisits.sessionId))
        .where(
          and(
            eq(openVisits.companyId, companyId),
            eq(openVisits.visitorId, visitorId),
            gt(openVisits.lastActivityAt, since),
          ),
        );
      return row;
    },

    /** Forgets the open visits idle since before `cutoff`; answers how many. */
    async pruneOpenVisits(cutoff: Date): Promise<number> {
      const deleted = await db.orm
        .delete(openVisits)
        .where(lt(openVisits.lastActivityAt, cutoff))
        .returning({ companyId: openVisits.companyId });
      return deleted.length;
    },

    /**
     * Writes one group commit atomically. Visit rows are upserted with additive counts and
     * order-independent first/last fields, so a visit split over several batches (or servers) adds up.
     * Answers the visit ids that became the ids of visits other servers had open (PostgreSQL, live batches).
     */
    async write(batch: TrackingBatch): Promise<VisitIdChanges> {
      // SQLite: prepared statements, committed before this returns. PostgreSQL: one array-bound statement a list.
      if (db.dialect === 'sqlite') {
        writeSqlite ??= prepareTrackingWriter(sqliteClientOf(db));
        writeSqlite(batch);
        return NO_CHANGES;
      }
      return writeTrackingBatch(pgOrmOf(db), batch);
    },
  };
}

/** What a SQLite commit changes of visit ids: nothing, as one server holds every open visit. */
const NO_CHANGES: VisitIdChanges = new Map();
