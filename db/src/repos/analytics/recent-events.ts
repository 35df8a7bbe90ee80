import { and, desc, eq, gt, gte, max, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { VisitOrigin } from '../../schema/types';

/**
 * Where an event sits in the feed: its stored time, then its visit, then its kind (`EVENT_KINDS`). Rows have
 * no id of their own; this is the finest order the (company, ts) index and the visit id give.
 */
export interface EventPosition {
  ts: number;
  sessionId: number;
  kind: number;
}

/** The visit an event belongs to, as stored (never its visitor id). */
export interface RecentEventVisit extends VisitOrigin {
  startedAt: number;
  entryPage: string;
}

export interface RecentEventRow extends EventPosition {
  name: string | null;
  hostname: string;
  pathname: string;
  props: Record<string, string | number | boolean> | null;
  engagedMs: number | null;
  scrollDepth: number | null;
  visit: RecentEventVisit;
}

/** The events one hostname sent since some instant. */
export interface HostnameCount {
  hostname: string;
  events: number;
  lastEventAt: number;
}

export type RecentEventsRepository = ReturnType<typeof createRecentEventsRepository>;

/**
 * Reads of a company's latest raw events, for the test-site page. Both walk the (company, ts) index from
 * the newest end, so they cost what they return (days packed into segments are not read).
 */
export function createRecentEventsRepository(db: Db) {
  const { events, sessions } = db.schema;

  /** Events strictly after `position` in the feed's order. */
  function after(position: EventPosition): SQL | undefined {
    const ts = new Date(position.ts);
    // The `gte` repeats what the `or` implies, so that the index range starts at the position.
    return and(
      gte(events.ts, ts),
      or(
        gt(events.ts, ts),
        and(
          eq(events.ts, ts),
          or(
            gt(events.sessionId, position.sessionId),
            and(eq(events.sessionId, position.sessionId), gt(events.kind, position.kind)),
          ),
        ),
      ),
    );
  }

  return {
    /** A company's newest events, newest first, at most `limit`, only those after `since` when given. */
    async latest(companyId: number, limit: number, since?: EventPosition): Promise<RecentEventRow[]> {
      const rows = await db.orm
        .select({
          ts: events.ts,
          sessionId: events.sessionId,
          kind: events.kind,
          name: events.name,
          hostname: events.hostname,
          pathname: events.pathname,
          props: events.props,
          engagedMs: events.engagedMs,
          scrollDepth: events.scrollDepth,
          visit: {
            startedAt: sessions.startedAt,
            entryPage: sessions.entryPage,
            source: sessions.source,
            referrer: sessions.referrer,
            utmSource: sessions.utmSource,
            utmMedium: sessions.utmMedium,
            utmCampaign: sessions.utmCampaign,
            utmContent: sessions.utmContent,
            utmTerm: sessions.utmTerm,
            country: sessions.country,
            browser: sessions.browser,
            os: sessions.os,
            device: sessions.device,
            language: sessions.language,
          },
        })
        .from(events)
        // Ingestion and imports write an event and its visit in one transaction, and packing and
        // retention delete them together: every event has its visit.
        .innerJoin(sessions, eq(sessions.id, events.sessionId))
        .where(and(eq(events.companyId, companyId), since && after(since)))
        .orderBy(desc(events.ts), desc(events.sessionId), desc(events.kind))
        .limit(limit);
      return rows.map((row) => ({
        ...row,
        ts: row.ts.getTime(),
        sessionId: Number(row.sessionId),
        visit: { ...row.visit, startedAt: row.visit.startedAt.getTime() },
      }));
    },

    /** The hostnames that sent a company events at or after `since`, with their counts and latest times. */
    async hostnamesSince(companyId: number, since: Date): Promise<HostnameCount[]> {
      const rows = await db.orm
        .select({
          hostname: events.hostname,
          events: sql<number>`count(*)`,
          lastEventAt: max(events.ts),
        })
        .from(events)
        .where(and(eq(events.companyId, companyId), gte(events.ts, since)))
        .groupBy(events.hostname);
      // PostgreSQL answers count(*) as a bigint string, and a dialect may hand max() back unparsed.
      return rows.map((row) => ({
        hostname: row.hostname,
        events: Number(row.events),
        lastEventAt: new Date(row.lastEventAt ?? 0).getTime(),
      }));
    },
  };
}
