// The PostgreSQL statements of a tracking group commit.
//
// Each list of a batch goes in as one statement whatever its length: every column travels as one array
// parameter and `unnest` turns the arrays back into rows. A multi-row VALUES insert built by drizzle costs
// a placeholder per value to build, send and plan (11 an event, 24 a visit), which made the writer, not
// the database, the bottleneck of ingestion and imports on PostgreSQL. Timestamps travel as ISO text, as
// drizzle sends them, so both writers store the same instants.
import { type SQL, sql } from 'drizzle-orm';
import type { PgOrm } from '../create-db';

type PgTx = Parameters<Parameters<PgOrm['transaction']>[0]>[0];
/** Minutes without activity that end a visit (docs/api.md "Tracking"), as ingestion counts them. */
const VISIT_TIMEOUT_MINUTES = 30;

import { VISIT_ENGAGED_MS_MAX } from '../schema/types';
import type { SessionWrite, TrackingBatch, VisitIdChanges } from '../tracking-batch';

const iso = (ms: number) => new Date(ms).toISOString();
/** One column of a list, as a single array parameter cast to the column's array type. */
const column = <T>(list: T[], value: (item: T) => unknown, type: string): SQL =>
  sql`${sql.param(list.map(value))}::${sql.raw(type)}[]`;

function insertEvents(batch: TrackingBatch['events']): SQL {
  const columns = [
    column(batch, (e) => e.companyId, 'integer'),
    column(batch, (e) => iso(e.ts), 'timestamp'),
    column(batch, (e) => e.kind, 'smallint'),
    column(batch, (e) => e.name ?? null, 'text'),
    column(batch, (e) => e.hostname, 'text'),
    column(batch, (e) => e.pathname, 'text'),
    column(batch, (e) => e.visitorId, 'bigint'),
    column(batch, (e) => e.sessionId, 'bigint'),
    column(batch, (e) => (e.props == null ? null : JSON.stringify(e.props)), 'jsonb'),
    column(batch, (e) => e.engagedMs ?? null, 'integer'),
    column(batch, (e) => e.scrollDepth ?? null, 'integer'),
  ];
  return sql`insert into events
    (company_id, ts, kind, name, hostname, pathname, visitor_id, session_id, props, engaged_ms, scroll_depth)
    select * from unnest(${sql.join(columns, sql`, `)})`;
}

// A visit split over several batches (or servers) adds up: counts are added, and the first and last fields
// keep whichever side is earlier or later. SET expressions all read the row as it was. A batch holds a
// visit at most once, as one upsert may not touch a row twice. A shared (live) visit's exit page comes from
// its `open_visits` row, which every commit of the visitor updates in turn: it is the latest.
function upsertSessions(batch: TrackingBatch['sessions'], sharedExit: boolean): SQL {
  const exitPage = sharedExit
    ? sql`excluded.exit_page`
    : sql`case when excluded.last_activity_at >= sessions.last_activity_at then excluded.exit_page else sessions.exit_page end`;
  const columns = [
    column(batch, (v) => v.id, 'bigint'),
    column(batch, (v) => v.companyId, 'integer'),
    column(batch, (v) => v.visitorId, 'bigint'),
    column(batch, (v) => v.startedAt.toISOString(), 'timestamp'),
    column(batch, (v) => v.lastActivityAt.toISOString(), 'timestamp'),
    column(batch, (v) => v.hostname, 'text'),
    column(batch, (v) => v.entryPage, 'text'),
    column(batch, (v) => v.exitPage, 'text'),
    column(batch, (v) => v.pageviews, 'integer'),
    column(batch, (v) => v.events, 'integer'),
    column(batch, (v) => Math.min(v.engagedMs, VISIT_ENGAGED_MS_MAX), 'integer'),
    column(batch, (v) => v.isBounce, 'boolean'),
    column(batch, (v) => v.source, 'text'),
    column(batch, (v) => v.referrer ?? null, 'text'),
    column(batch, (v) => v.utmSource ?? null, 'text'),
    column(batch, (v) => v.utmMedium ?? null, 'text'),
    column(batch, (v) => v.utmCampaign ?? null, 'text'),
    column(batch, (v) => v.utmContent ?? null, 'text'),
    column(batch, (v) => v.utmTerm ?? null, 'text'),
    column(batch, (v) => v.country ?? null, 'text'),
    column(batch, (v) => v.browser ?? null, 'text'),
    column(batch, (v) => v.os ?? null, 'text'),
    column(batch, (v) => v.device, 'text'),
    column(batch, (v) => v.language ?? null, 'text'),
  ];
  return sql`insert into sessions
    (id, company_id, visitor_id, started_at, last_activity_at, hostname, entry_page, exit_page, pageviews,
     events, engaged_ms, is_bounce, source, referrer, utm_source, utm_medium, utm_campaign, utm_content,
     utm_term, country, browser, os, device, language)
    select * from unnest(${sql.join(columns, sql`, `)})
    on conflict (id) do update set
      entry_page = case when excluded.started_at < sessions.started_at then excluded.entry_page else sessions.entry_page end,
      started_at = least(sessions.started_at, excluded.started_at),
      exit_page = ${exitPage},
      last_activity_at = greatest(sessions.last_activity_at, excluded.last_activity_at),
      pageviews = sessions.pageviews + excluded.pageviews,
      events = sessions.events + excluded.events,
      engaged_ms = least(sessions.engaged_ms + excluded.engaged_ms, ${sql.raw(String(VISIT_ENGAGED_MS_MAX))}),
      is_bounce = sessions.pageviews + excluded.pageviews = 1 and sessions.events + excluded.events = 0`;
}

function addBotHits(batch: TrackingBatch['botHits']): SQL {
  return sql`insert into bot_hits (company_id, day, hits)
    select * from unnest(${column(batch, (b) => b.companyId, 'integer')}, ${column(batch, (b) => b.day, 'text')},
      ${column(batch, (b) => b.hits, 'integer')})
    on conflict (company_id, day) do update set hits = bot_hits.hits + excluded.hits`;
}

function addUsage(batch: TrackingBatch['usage']): SQL {
  return sql`insert into monthly_usage (company_id, month, events)
    select * from unnest(${column(batch, (u) => u.companyId, 'integer')}, ${column(batch, (u) => u.month, 'text')},
      ${column(batch, (u) => u.events, 'integer')})
    on conflict (company_id, month) do update set events = monthly_usage.events + excluded.events`;
}

/** What the shared row of a visitor says of the visit a server wrote: its id and its exit page. */
interface SharedVisit {
  id: number;
  exitPage: string;
}

/**
 * The visits of live events, shared by every server: each visitor's row in `open_visits` names the visit it
 * has open. A visit this server opened takes the one found there when that one is still open at the
 * visit's start (less than 30 minutes idle), else becomes the visitor's open visit; the row keeps the exit
 * page viewed last by any server. The upsert locks each visitor's row until the commit, so two servers
 * committing the same visitor take turns and agree. Rows go in key order, so that commits locking several
 * visitors never wait on each other in a circle. Answers, per visit of the batch, the shared visit.
 */
async function shareVisits(tx: PgTx, visits: SessionWrite[]): Promise<Map<number, SharedVisit>> {
  const byVisitor = new Map<string, SessionWrite>();
  for (const visit of visits) {
    const key = `${visit.companyId} ${visit.visitorId}`;
    const other = byVisitor.get(key);
    // Two visits of one visitor in one batch (30 minutes apart): the later one is the visitor's open visit.
    if (!other || other.lastActivityAt < visit.lastActivityAt) byVisitor.set(key, visit);
  }
  const rows = [...byVisitor.values()].sort((a, b) => a.companyId - b.companyId || a.visitorId - b.visitorId);
  const open = STILL_OPEN;
  const result = await tx.execute<{
    company_id: number;
    visitor_id: string;
    session_id: string;
    exit_page: string;
  }>(sql`
    insert into open_visits as o (company_id, visitor_id, session_id, started_at, last_activity_at, exit_page, exit_at)
    select * from unnest(${column(rows, (v) => v.companyId, 'integer')}, ${column(rows, (v) => v.visitorId, 'bigint')},
      ${column(rows, (v) => v.id, 'bigint')}, ${column(rows, (v) => v.startedAt.toISOString(), 'timestamptz')},
      ${column(rows, (v) => v.lastActivityAt.toISOString(), 'timestamptz')}, ${column(rows, (v) => v.exitPage, 'text')},
      ${column(rows, (v) => v.exitAt?.toISOString() ?? NO_CLAIM, 'timestamptz')})
    on conflict (company_id, visitor_id) do update set
      session_id = case when ${open} then o.session_id else excluded.session_id end,
      started_at = case when ${open} then least(o.started_at, excluded.started_at) else excluded.started_at end,
      last_activity_at = case when ${open} then greatest(o.last_activity_at, excluded.last_activity_at)
        else excluded.last_activity_at end,
      exit_page = case when ${open} and (excluded.exit_at = '-infinity' or o.exit_at > excluded.exit_at) then o.exit_page
        else excluded.exit_page end,
      exit_at = case when ${open} then greatest(o.exit_at, excluded.exit_at) else excluded.exit_at end
    returning o.company_id, o.visitor_id, o.session_id, o.exit_page`);
  const shared = new Map<number, SharedVisit>();
  for (const row of result.rows) {
    const proposed = byVisitor.get(`${row.company_id} ${row.visitor_id}`);
    if (proposed) shared.set(proposed.id, { id: Number(row.session_id), exitPage: row.exit_page });
  }
  return shared;
}

/** Whether the visitor's shared visit takes this server's visit: it was active within 30 minutes of its start. */
const STILL_OPEN = sql.raw(
  `(excluded.started_at < o.last_activity_at + interval '${VISIT_TIMEOUT_MINUTES} minutes' and excluded.last_activity_at > o.started_at - interval '${VISIT_TIMEOUT_MINUTES} minutes')`,
);

/**
 * The batch as the shared visits say: events follow their visit's shared id, visits take its exit page, and
 * visits that met are merged into one row.
 */
function withSharedVisits(batch: TrackingBatch, shared: Map<number, SharedVisit>): TrackingBatch {
  const sessions = new Map<number, SessionWrite>();
  for (const visit of batch.sessions) {
    const found = shared.get(visit.id);
    const row = found ? { ...visit, id: found.id, exitPage: found.exitPage } : visit;
    const other = sessions.get(row.id);
    sessions.set(row.id, other ? mergeVisitWrites(other, row) : row);
  }
  return {
    ...batch,
    events: batch.events.map((e) => {
      const id = shared.get(e.sessionId)?.id;
      return id === undefined || id === e.sessionId ? e : { ...e, sessionId: id };
    }),
    sessions: [...sessions.values()],
  };
}

/** The visit ids a commit changed, for the server to adopt. */
function changedIds(shared: Map<number, SharedVisit>): VisitIdChanges {
  const changes: VisitIdChanges = new Map();
  for (const [proposed, { id }] of shared) if (id !== proposed) changes.set(proposed, id);
  return changes;
}

/**
 * The exit time of a visit whose batch viewed no page of it: earlier than any, so that the visit's exit page
 * stays whichever page another server saw last. On a tie (servers in the same millisecond) the later commit
 * wins, as the later request does on one server.
 */
const NO_CLAIM = '-infinity';

/** When a visit's exit page was viewed; the distant past when its batch viewed none. */
const exitAt = (visit: SessionWrite): number => visit.exitAt?.getTime() ?? Number.NEGATIVE_INFINITY;

/** Two parts of one visit as one row, as the upsert would merge them (one upsert may not touch a row twice). */
function mergeVisitWrites(a: SessionWrite, b: SessionWrite): SessionWrite {
  const first = a.startedAt <= b.startedAt ? a : b;
  const latest = a.lastActivityAt >= b.lastActivityAt ? a : b;
  const exit = exitAt(a) >= exitAt(b) ? a : b;
  const pageviews = a.pageviews + b.pageviews;
  const events = a.events + b.events;
  return {
    ...first,
    lastActivityAt: latest.lastActivityAt,
    exitPage: exit.exitPage,
    exitAt: exit.exitAt,
    pageviews,
    events,
    engagedMs: a.engagedMs + b.engagedMs,
    isBounce: pageviews === 1 && events === 0,
  };
}

/** Key order for the rows an upsert locks, so that concurrent commits take their locks in one order. */
const byKey = <T>(rows: T[], key: (row: T) => string | number): T[] =>
  [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** PostgreSQL's codes for a transaction that lost a race and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * Writes one batch in one transaction: committed when the promise resolves, rolled back whole when it
 * rejects. Answers the visit ids it changed to visits that other servers had open (live batches only).
 * A transaction that a deadlock or serialization failure cancelled runs again, a few times.
 */
export async function writeTrackingBatch(orm: PgOrm, batch: TrackingBatch): Promise<VisitIdChanges> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeOnce(orm, batch);
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).cause?.code ??
        (error as { code?: string }).code;
      if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

async function writeOnce(orm: PgOrm, original: TrackingBatch): Promise<VisitIdChanges> {
  if (
    original.events.length === 0 &&
    original.sessions.length === 0 &&
    original.botHits.length === 0 &&
    original.usage.length === 0
  ) {
    return new Map();
  }
  return orm.transaction(async (tx) => {
    const shared =
      original.live && original.sessions.length > 0 ? await shareVisits(tx, original.sessions) : undefined;
    const batch = shared ? withSharedVisits(original, shared) : original;
    if (batch.events.length > 0) await tx.execute(insertEvents(batch.events));
    if (batch.sessions.length > 0) {
      await tx.execute(
        upsertSessions(
          byKey(batch.sessions, (v) => v.id),
          shared !== undefined,
        ),
      );
    }
    if (batch.botHits.length > 0) {
      await tx.execute(
        addBotHits(byKey(batch.botHits, (b) => `${String(b.companyId).padStart(10, '0')} ${b.day}`)),
      );
    }
    if (batch.usage.length > 0) {
      await tx.execute(
        addUsage(byKey(batch.usage, (u) => `${String(u.companyId).padStart(10, '0')} ${u.month}`)),
      );
    }
    return shared ? changedIds(shared) : new Map();
  });
}
