// The shared open visits of a live group commit on PostgreSQL, as the CTEs that open its statement
// (tracking-writer.ts): several servers write one site's events, and this is where they agree on visits.
import { type SQL, sql } from 'drizzle-orm';
import type { SessionWrite } from '../tracking-batch';
import { inLockOrder } from './lock-order';
import { column } from './unnest';

/** Minutes without activity that end a visit (docs/api.md "Ingestion"), as ingestion counts them. */
const VISIT_TIMEOUT_MINUTES = 30;

/**
 * The visits of live events, shared by every server: each visitor's row in `open_visits` names the visit it
 * has open. A visit this server opened takes the one found there when that one is still open at the
 * visit's start (less than 30 minutes idle), else becomes the visitor's open visit; the row keeps the exit
 * page viewed last by any server. The upsert locks each visitor's row until the commit, so two servers
 * committing the same visitor take turns and agree. Rows go in key order, so that commits locking several
 * visitors never wait on each other in a circle. As CTEs: `visitors` (the rows after the upsert) and
 * `shared` (each visit of the batch → the shared visit's id and exit page).
 */
export function shareVisits(visits: SessionWrite[]): SQL[] {
  const byVisitor = new Map<string, SessionWrite>();
  for (const visit of visits) {
    const key = `${visit.companyId} ${visit.visitorId}`;
    const other = byVisitor.get(key);
    // Two visits of one visitor in one batch (30 minutes apart): the later one is the visitor's open visit.
    if (!other || other.lastActivityAt < visit.lastActivityAt) byVisitor.set(key, visit);
  }
  const rows = inLockOrder([...byVisitor.values()], (v) => [v.companyId, v.visitorId]);
  const open = STILL_OPEN;
  return [
    sql`visitors as (
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
    returning o.company_id, o.visitor_id, o.session_id, o.exit_page)`,
    sql`shared as (
    select p.proposed, v.session_id as id, v.exit_page
    from unnest(${column(rows, (v) => v.companyId, 'integer')}, ${column(rows, (v) => v.visitorId, 'bigint')},
      ${column(rows, (v) => v.id, 'bigint')}) as p(company_id, visitor_id, proposed)
    join visitors v on v.company_id = p.company_id and v.visitor_id = p.visitor_id)`,
  ];
}

/** Whether the visitor's shared visit takes this server's visit: it was active within 30 minutes of its start. */
const STILL_OPEN = sql.raw(
  `(excluded.started_at < o.last_activity_at + interval '${VISIT_TIMEOUT_MINUTES} minutes' and excluded.last_activity_at > o.started_at - interval '${VISIT_TIMEOUT_MINUTES} minutes')`,
);

/**
 * The exit time of a visit whose batch viewed no page of it: earlier than any, so that the visit's exit page
 * stays whichever page another server saw last. On a tie (servers in the same millisecond) the later commit
 * wins, as the later request does on one server.
 */
const NO_CLAIM = '-infinity';
