// Where the open visits that left ingestion's memory are, written on SQLite with one prepared statement
// (docs/api.md "Limits that hold under attack"): a flood of new visitors sends as many visits out of memory
// as it brings in, and drizzle would spend tens of microseconds a row rebuilding SQL text on the thread that
// answers requests. Timestamps in epoch milliseconds, as drizzle stores them.
import type Database from 'better-sqlite3';

const KEEP_OPEN_VISIT = `insert into open_visits
  (company_id, visitor_id, session_id, started_at, last_activity_at, exit_page, exit_at)
  values (?, ?, ?, ?, ?, ?, ?)
  on conflict (company_id, visitor_id) do update set
    session_id = excluded.session_id, started_at = excluded.started_at,
    last_activity_at = excluded.last_activity_at, exit_page = excluded.exit_page, exit_at = excluded.exit_at
  where excluded.last_activity_at >= last_activity_at`;

export interface KeptOpenVisit {
  id: number;
  companyId: number;
  visitorId: number;
  startedAt: Date;
  lastActivityAt: Date;
  exitPage: string;
}

/** A function writing open visits in one transaction, the later activity of a visitor kept. */
export function prepareOpenVisitsKeeper(
  client: Database.Database,
): (visits: readonly KeptOpenVisit[]) => void {
  const statement = client.prepare(KEEP_OPEN_VISIT);
  return client.transaction((visits: readonly KeptOpenVisit[]) => {
    for (const visit of visits) {
      const last = visit.lastActivityAt.getTime();
      statement.run(
        visit.companyId,
        visit.visitorId,
        visit.id,
        visit.startedAt.getTime(),
        last,
        visit.exitPage,
        last,
      );
    }
  });
}
