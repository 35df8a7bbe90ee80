import type { LocalCalendar } from '../calendar/local-calendar';
import type { CompanyCache } from './company-cache';
import type { ContinuedVisits } from './continued-visits';
import type { Enrichers } from './enrich';
import type { IpLimiter, UsageMeter } from './limits';
import type { SessionTracker } from './session-tracker';
import type { VisitIds } from './visit-ids';
import type { DailySalts, RecentVisitorIds } from './visitor-id';
import type { WriteBuffer } from './write-buffer';

// What the ingestion pipeline works with, in a module of its own: the pipeline and the cache warming it
// calls both read it, and kept in the pipeline it closed an import cycle between the two.

/** The caches, limits and buffer that one server's ingestion pipeline reads and writes. */
export interface PipelineDeps {
  companies: CompanyCache;
  calendar: LocalCalendar;
  enrichers: Enrichers;
  salts: DailySalts;
  visitorIds: RecentVisitorIds;
  sessions: SessionTracker;
  /** Where new visits' ids come from: the clock on SQLite, a database sequence on PostgreSQL. */
  visitIds: VisitIds;
  /** Open visits the database holds and memory does not: other servers', or those that left memory. */
  continuedVisits: ContinuedVisits;
  usage: UsageMeter;
  ipLimiter: IpLimiter;
  buffer: WriteBuffer;
}
