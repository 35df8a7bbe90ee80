// Reads what the server stored, straight from its SQLite file: the only proof that an event arrived (the
// bodies of `navigator.sendBeacon` requests are invisible to Playwright).
import { createDb, type Db, EVENT_KINDS, type EventKindName, type VisitSession } from '@footfall/db';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { readEnvironment } from './environment';

export interface StoredRow {
  kind: EventKindName;
  name: string | null;
  hostname: string;
  pathname: string;
  props: Record<string, string | number | boolean> | null;
  engagedMs: number | null;
  scrollDepth: number | null;
  visitorId: number;
  sessionId: number;
  ts: Date;
}

const KIND_NAMES = new Map(
  Object.entries(EVENT_KINDS).map(([name, kind]) => [kind as number, name as EventKindName]),
);

let opened: Promise<Db> | undefined;

function database(): Promise<Db> {
  opened ??= createDb(readEnvironment().databaseUrl);
  return opened;
}

/** The test company's events stored at or after `since`, in the order they were stored. */
export async function storedEvents(since: Date): Promise<StoredRow[]> {
  const db = await database();
  const { events } = db.schema;
  const rows = await db.orm
    .select()
    .from(events)
    .where(and(eq(events.companyId, readEnvironment().companyId), gte(events.ts, since)))
    .orderBy(asc(events.ts), asc(sql`rowid`));
  return rows.map((row) => ({
    kind: KIND_NAMES.get(row.kind) ?? (`unknown kind ${row.kind}` as EventKindName),
    name: row.name,
    hostname: row.hostname,
    pathname: row.pathname,
    props: row.props,
    engagedMs: row.engagedMs,
    scrollDepth: row.scrollDepth,
    visitorId: row.visitorId,
    sessionId: row.sessionId,
    ts: row.ts,
  }));
}

/** The visit an event belongs to. */
export async function storedSession(id: number): Promise<VisitSession | undefined> {
  const db = await database();
  const { sessions } = db.schema;
  const [row] = await db.orm.select().from(sessions).where(eq(sessions.id, id));
  return row;
}
