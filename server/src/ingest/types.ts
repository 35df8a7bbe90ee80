import type { OpenSession, VisitOrigin } from '@footfall/db';

/** Why the pipeline dropped an event instead of storing it. */
export type DropReason =
  | 'bot'
  | 'unknown_company'
  | 'suspended'
  | 'foreign_host'
  | 'quota'
  | 'ip_limit'
  | 'no_visit';

/** What a visit records about where it came from and who made it: set by its first event. */
export interface VisitAttributes extends VisitOrigin {
  hostname: string;
}

/** An open visit as ingestion keeps it in memory, with its attributes once an event has worked them out. */
export interface OpenVisit extends OpenSession {
  /**
   * When the exit page was viewed (epoch ms): servers sharing a visit keep the latest one's page. Absent for
   * a visit continued from the database, whose exit page is as recent as its activity.
   */
  exitAt?: number;
  /** Worked out from the visit's first event here; absent for a visit continued after a restart. */
  attributes?: VisitAttributes;
}

/** An event ready to be written: enriched, with its visitor and its visit. */
export interface ReadyEvent {
  companyId: number;
  ts: number;
  kind: 'pageview' | 'event' | 'engagement';
  name: string | null;
  hostname: string;
  pathname: string;
  props: Record<string, string | number | boolean> | null;
  engagedMs: number | null;
  scrollDepth: number | null;
  visitorId: number;
  session: OpenVisit;
  /** The visit's attributes; written with the visit row when the visit is new. */
  visit: VisitAttributes;
  /** The local month (`YYYY-MM`) in which a counted event (pageview or custom event) uses the quota. */
  usageMonth: string | null;
}
