// The PostgreSQL statements of a tracking group commit.
//
// Each list of a batch goes in as one statement whatever its length: every column travels as one array
// parameter and `unnest` turns the arrays back into rows. A multi-row VALUES insert built by drizzle costs
// a placeholder per value to build, send and plan (11 an event, 24 a visit), which made the writer, not
// the database, the bottleneck of ingestion and imports on PostgreSQL. Timestamps travel as ISO text, as
// drizzle sends them, so both writers store the same instants.
//
// A whole batch is one statement, its lists as data-modifying CTEs: one round trip, committed on its own, so
// that the rows it locks (a visitor's shared open visit, a site's monthly count) are held for the
// statement and its commit only, not for a transaction's several round trips while other commits wait.
import { type SQL, sql } from 'drizzle-orm';
import type { PgOrm } from '../create-db';
import { VISIT_ENGAGED_MS_MAX } from '../schema/types';
import type { TrackingBatch, VisitIdChanges } from '../tracking-batch';
import { inLockOrder } from './lock-order';
import { shareVisits } from './shared-visits';
import { column } from './unnest';

const iso = (ms: number) => new Date(ms).toISOString();
const EVENT_COLUMNS = [
  'company_id',
  'ts',
  'kind',
  'name',
  'hostname',
  'pathname',
  'visitor_id',
  'session_id',
  'props',
  'engaged_ms',
  'scroll_depth',
];

/**
 * The rows of a list: its columns unnested under `names`. With `shared`, the column `idColumn` (and
 * `exit_page`, when named) take the values of the shared visit each row's visit id maps to, if any.
 */
function rowsOf(names: string[], columns: SQL[], shared?: { idColumn: string; exitPage?: boolean }): SQL {
  const unnested = sql`unnest(${sql.join(columns, sql`, `)}) as u(${sql.raw(names.join(', '))})`;
  if (!shared) return sql`select * from ${unnested}`;
  const projection = names.map((name) =>
    name === shared.idColumn
      ? `coalesce(m.id, u.${name})`
      : name === 'exit_page' && shared.exitPage
        ? 'coalesce(m.exit_page, u.exit_page)'
        : `u.${name}`,
  );
  return sql`select ${sql.raw(projection.join(', '))} from ${unnested}
    left join shared m on m.proposed = u.${sql.raw(shared.idColumn)}`;
}

function insertEvents(batch: TrackingBatch['events'], shared: boolean): SQL {
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
  return sql`insert into events (${sql.raw(EVENT_COLUMNS.join(', '))})
    ${rowsOf(EVENT_COLUMNS, columns, shared ? { idColumn: 'session_id' } : undefined)}`;
}

const SESSION_COLUMNS = [
  'id',
  'company_id',
  'visitor_id',
  'started_at',
  'last_activity_at',
  'hostname',
  'entry_page',
  'exit_page',
  'pageviews',
  'events',
  'engaged_ms',
  'is_bounce',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'country',
  'browser',
  'os',
  'device',
  'language',
];

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
  return sql`insert into sessions (${sql.raw(SESSION_COLUMNS.join(', '))})
    ${rowsOf(SESSION_COLUMNS, columns, sharedExit ? { idColumn: 'id', exitPage: true } : undefined)}
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

/** PostgreSQL's codes for a transaction that lost a race and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/**
 * Writes one batch in one statement (one transaction): committed when the promise resolves, rolled back
 * whole when it rejects. Answers the visit ids it changed to visits that other servers had open (live
 * batches only). A statement that a deadlock or serialization failure cancelled runs again, a few times.
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

/** The whole batch as one statement; with live visits, it answers the visit ids that became shared ones. */
function batchStatement(batch: TrackingBatch): SQL {
  const live = batch.live === true && batch.sessions.length > 0;
  const parts: SQL[] = live ? shareVisits(batch.sessions) : [];
  if (batch.events.length > 0) parts.push(sql`new_events as (${insertEvents(batch.events, live)})`);
  if (batch.sessions.length > 0) {
    parts.push(
      sql`visits as (${upsertSessions(
        inLockOrder(batch.sessions, (v) => [v.id]),
        live,
      )})`,
    );
  }
  if (batch.botHits.length > 0) {
    const hits = inLockOrder(batch.botHits, (b) => [b.companyId, b.day]);
    parts.push(sql`bots as (${addBotHits(hits)})`);
  }
  if (batch.usage.length > 0) {
    const usage = inLockOrder(batch.usage, (u) => [u.companyId, u.month]);
    parts.push(sql`usage as (${addUsage(usage)})`);
  }
  const answer = live ? sql`select proposed, id from shared where proposed <> id` : sql`select 1 where false`;
  return sql`with ${sql.join(parts, sql`, `)} ${answer}`;
}

async function writeOnce(orm: PgOrm, batch: TrackingBatch): Promise<VisitIdChanges> {
  const empty =
    batch.events.length === 0 &&
    batch.sessions.length === 0 &&
    batch.botHits.length === 0 &&
    batch.usage.length === 0;
  const changes: VisitIdChanges = new Map();
  if (empty) return changes;
  const result = await orm.execute<{ proposed: string; id: string }>(batchStatement(batch));
  for (const row of result.rows) changes.set(Number(row.proposed), Number(row.id));
  return changes;
}
