// The rows one group commit writes. Its own module because both dialects' writers and the tracking
// repository that picks between them read it: kept in the repository, it closed an import cycle.
import type { NewStoredEvent, NewVisitSession } from './schema/types';

/** What a visit's row gains from one batch: its state after the batch, and the counts the batch adds. */
export interface SessionWrite extends NewVisitSession {
  id: number;
  /**
   * When the exit page was viewed, set when the batch holds a pageview of the visit: servers sharing a visit
   * compare it to agree on the exit page. A batch with only pings or custom events of the visit makes no
   * claim, as those never move the exit page.
   */
  exitAt?: Date;
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
  /**
   * Whether the visits are live ones, which every server shares through `open_visits` on PostgreSQL:
   * an imported (historical) visit is written as it is.
   */
  live?: boolean;
}

/** Visit ids a commit changed: the visit a server opened → the one another server had open for the visitor. */
export type VisitIdChanges = Map<number, number>;

/** Ids a sequence `nextval` hands out at once: the sequence `visit_ids` steps by this much. */
export const VISIT_ID_BLOCK = 1024;
