// The PostgreSQL statements of a tracking group commit.
//
// Each list of a batch goes in as one statement whatever its length: every column travels as one array
// parameter and `unnest` turns the arrays back into rows. A multi-row VALUES insert built by drizzle costs
// a placeholder per value to build, send and plan (11 an event, 24 a visit), which made the writer, not
// the database, the bottleneck of ingestion and imports on PostgreSQL. Timestamps travel as ISO text, as
// drizzle sends them, so both writers store the same instants.
import { type SQL, sql } from 'drizzle-orm';
import type { PgOrm } from '../create-db';
import { VISIT_ENGAGED_MS_MAX } from '../schema/types';
import type { TrackingBatch } from '../tracking-batch';

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
// visit at most once, as one upsert may not touch a row twice.
function upsertSessions(batch: TrackingBatch['sessions']): SQL {
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
      exit_page = case when excluded.last_activity_at >= sessions.last_activity_at then excluded.exit_page else sessions.exit_page end,
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

/** Writes one batch in one transaction: committed when the promise resolves, rolled back whole when it rejects. */
export async function writeTrackingBatch(orm: PgOrm, batch: TrackingBatch): Promise<void> {
  const statements: SQL[] = [];
  if (batch.events.length > 0) statements.push(insertEvents(batch.events));
  if (batch.sessions.length > 0) statements.push(upsertSessions(batch.sessions));
  if (batch.botHits.length > 0) statements.push(addBotHits(batch.botHits));
  if (batch.usage.length > 0) statements.push(addUsage(batch.usage));
  if (statements.length === 0) return;
  await orm.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
}
