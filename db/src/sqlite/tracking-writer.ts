// The SQLite statements of a tracking group commit, prepared once on the server's connection.
//
// Ingestion writes every event of every tracked site through here. drizzle spends most of a commit
// rebuilding SQL text (about 30 µs an event); a prepared statement costs a couple of microseconds a row.
// Values are stored as drizzle stores them: timestamps in epoch milliseconds, booleans as 0/1, props as
// JSON text. PostgreSQL keeps the portable drizzle writer in repos/analytics/tracking.ts.
//
// The commit runs on the main thread, synchronously: a group commit of a few dozen events holds the event
// loop for well under a millisecond. An earlier version ran it on a worker thread and was no faster on a
// two-core machine: the thread's round trip adds to every request's wait, and a third busy thread beside
// the HTTP thread and the clients gets the others preempted.
import type Database from 'better-sqlite3';
import { VISIT_ENGAGED_MS_MAX } from '../schema/types';
import type { TrackingBatch } from '../tracking-batch';

const INSERT_EVENTS = `insert into events
  (company_id, ts, kind, name, hostname, pathname, visitor_id, session_id, props, engaged_ms, scroll_depth)
  values `;
const EVENT_ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
// Events go in by statements of up to this many rows: one statement per row spends more time entering
// and leaving SQLite than inserting.
const EVENTS_PER_STATEMENT = 32;

// A visit split over several batches (or servers) adds up: counts are added, and the first and last
// fields keep whichever side is earlier or later. SET expressions all read the row as it was.
const UPSERT_SESSION = `insert into sessions
  (id, company_id, visitor_id, started_at, last_activity_at, hostname, entry_page, exit_page, pageviews,
   events, engaged_ms, is_bounce, source, referrer, utm_source, utm_medium, utm_campaign, utm_content,
   utm_term, country, browser, os, device, language)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (id) do update set
    entry_page = case when excluded.started_at < started_at then excluded.entry_page else entry_page end,
    started_at = min(started_at, excluded.started_at),
    exit_page = case when excluded.last_activity_at >= last_activity_at then excluded.exit_page else exit_page end,
    last_activity_at = max(last_activity_at, excluded.last_activity_at),
    pageviews = pageviews + excluded.pageviews,
    events = events + excluded.events,
    engaged_ms = min(engaged_ms + excluded.engaged_ms, ${VISIT_ENGAGED_MS_MAX}),
    is_bounce = pageviews + excluded.pageviews = 1 and events + excluded.events = 0`;

const ADD_BOT_HITS = `insert into bot_hits (company_id, day, hits) values (?, ?, ?)
  on conflict (company_id, day) do update set hits = hits + excluded.hits`;

const ADD_USAGE = `insert into monthly_usage (company_id, month, events) values (?, ?, ?)
  on conflict (company_id, month) do update set events = events + excluded.events`;

// Values per row of each packed list, in the order of the statements' parameters.
const EVENT_VALUES = 11;
const SESSION_VALUES = 24;
const COUNTER_VALUES = 3;

/** A batch as flat lists of the statements' parameters, values converted as stored. */
interface PackedBatch {
  events: unknown[];
  sessions: unknown[];
  botHits: unknown[];
  usage: unknown[];
}

function packTrackingBatch(batch: TrackingBatch): PackedBatch {
  const events: unknown[] = [];
  for (const e of batch.events) {
    events.push(
      e.companyId,
      e.ts,
      e.kind,
      e.name ?? null,
      e.hostname,
      e.pathname,
      e.visitorId,
      e.sessionId,
      e.props == null ? null : JSON.stringify(e.props),
      e.engagedMs ?? null,
      e.scrollDepth ?? null,
    );
  }
  const sessions: unknown[] = [];
  for (const v of batch.sessions) {
    sessions.push(
      v.id,
      v.companyId,
      v.visitorId,
      v.startedAt.getTime(),
      v.lastActivityAt.getTime(),
      v.hostname,
      v.entryPage,
      v.exitPage,
      v.pageviews,
      v.events,
      Math.min(v.engagedMs, VISIT_ENGAGED_MS_MAX),
      v.isBounce ? 1 : 0,
      v.source,
      v.referrer ?? null,
      v.utmSource ?? null,
      v.utmMedium ?? null,
      v.utmCampaign ?? null,
      v.utmContent ?? null,
      v.utmTerm ?? null,
      v.country ?? null,
      v.browser ?? null,
      v.os ?? null,
      v.device,
      v.language ?? null,
    );
  }
  return {
    events,
    sessions,
    botHits: batch.botHits.flatMap((b) => [b.companyId, b.day, b.hits]),
    usage: batch.usage.flatMap((u) => [u.companyId, u.month, u.events]),
  };
}

/**
 * Inserts the packed events by statements of up to `EVENTS_PER_STATEMENT` rows, each prepared once for its
 * row count.
 */
function eventInserter(client: Database.Database): (values: unknown[]) => void {
  const statements = new Map<number, Database.Statement>();
  const statementFor = (rows: number) => {
    let statement = statements.get(rows);
    if (!statement) {
      statement = client.prepare(INSERT_EVENTS + Array(rows).fill(EVENT_ROW).join(', '));
      statements.set(rows, statement);
    }
    return statement;
  };
  const chunk = EVENTS_PER_STATEMENT * EVENT_VALUES;
  return (values) => {
    for (let i = 0; i < values.length; i += chunk) {
      const part = values.slice(i, i + chunk);
      statementFor(part.length / EVENT_VALUES).run(part);
    }
  };
}

/** Runs a prepared statement once per row of a packed list. */
function runRows(statement: Database.Statement, values: unknown[], width: number): void {
  for (let i = 0; i < values.length; i += width) statement.run(values.slice(i, i + width));
}

/**
 * The batch writer of a connection: each batch in one IMMEDIATE transaction, committed when the call
 * returns, or rolled back whole when it throws. Prepare it once the migrations have created the tables.
 */
export function prepareTrackingWriter(client: Database.Database): (batch: TrackingBatch) => void {
  const insertEvents = eventInserter(client);
  const upsertSession = client.prepare(UPSERT_SESSION);
  const addBotHits = client.prepare(ADD_BOT_HITS);
  const addUsage = client.prepare(ADD_USAGE);
  const write = client.transaction((batch: PackedBatch) => {
    insertEvents(batch.events);
    runRows(upsertSession, batch.sessions, SESSION_VALUES);
    runRows(addBotHits, batch.botHits, COUNTER_VALUES);
    runRows(addUsage, batch.usage, COUNTER_VALUES);
  });
  return (batch) => write.immediate(packTrackingBatch(batch));
}
