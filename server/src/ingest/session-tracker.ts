import type { OpenSession } from '@footfall/db';
import type { OpenVisit } from './types';
import { processVisitIds, type VisitIds } from './visit-ids';

/** 30 minutes without activity end a visit (docs/api.md "Ingestion"). */
export const VISIT_TIMEOUT_MS = 30 * 60_000;

/** A new visit, started by an event at `ts` on `pathname`. */
export function startVisit(
  ids: VisitIds,
  companyId: number,
  visitorId: number,
  ts: number,
  pathname: string,
): OpenVisit {
  return {
    id: ids.next(),
    companyId,
    visitorId,
    startedAt: new Date(ts),
    lastActivityAt: new Date(ts),
    entryPage: pathname,
    exitPage: pathname,
    exitAt: ts,
  };
}

/** A later (or, out of order, earlier) event of an open visit moves its ends and its entry or exit page. */
export function extendVisit(visit: OpenVisit, ts: number, activity: Activity, pathname: string): void {
  if (ts >= visit.lastActivityAt.getTime()) {
    visit.lastActivityAt = new Date(ts);
    if (activity === 'pageview') {
      visit.exitPage = pathname;
      visit.exitAt = ts;
    }
  } else if (ts < visit.startedAt.getTime()) {
    visit.startedAt = new Date(ts);
    if (activity === 'pageview') visit.entryPage = pathname;
  }
}

/** Whether an event at `ts` belongs to the visit: less than 30 minutes from its ends. */
function isOpenAt(visit: OpenVisit, ts: number): boolean {
  return (
    ts < visit.lastActivityAt.getTime() + VISIT_TIMEOUT_MS &&
    ts > visit.startedAt.getTime() - VISIT_TIMEOUT_MS
  );
}

export type Activity = 'pageview' | 'event' | 'engagement';

/** A visit active this recently stays in memory: its last events may still wait for their commit. */
const EVICT_IDLE_MS = 10_000;

export interface TrackerLimits {
  /** The most open visits held in memory; beyond it the oldest idle ones leave (`onEvict`). */
  capacity: number;
  /** Receives the visits that leave memory, which the database then holds for their next events. */
  onEvict(visits: OpenVisit[]): void;
}

const UNLIMITED: TrackerLimits = { capacity: Number.POSITIVE_INFINITY, onEvict: () => {} };

/**
 * The open visits, in memory: which visit an event belongs to is decided here, without a database read.
 * A visitor's visit continues while events arrive less than 30 minutes apart. An engagement ping never
 * starts a visit: it measures a page of an open one, and is dropped when there is none. The server warms
 * this from the database at start, so a restart does not split visits. Memory is bounded by `capacity`,
 * not by the number of visitors (docs/api.md "Limits that hold under attack"): past the capacity the
 * oldest visits that have been idle for 10 s at least (so that their events are committed) leave it,
 * a tenth of the capacity at a time, to continue from the database at their visitor's next event.
 */
export class SessionTracker {
  private readonly open = new Map<string, OpenVisit>();

  constructor(
    private readonly ids: VisitIds = processVisitIds,
    private readonly limits: TrackerLimits = UNLIMITED,
  ) {}

  /** How many visits are open in memory. */
  get size(): number {
    return this.open.size;
  }

  /** The visit that an event at `ts` belongs to, created when needed; undefined for an orphan ping. */
  assign(companyId: number, visitorId: number, ts: number, activity: Activity, pathname: string) {
    const key = `${companyId}:${visitorId}`;
    let session = this.open.get(key);
    if (session === undefined || !isOpenAt(session, ts)) {
      if (activity === 'engagement') return undefined;
      session = startVisit(this.ids, companyId, visitorId, ts, pathname);
      this.open.delete(key);
      this.open.set(key, session);
      if (this.open.size > this.limits.capacity) this.evict(ts);
      return { session, isNew: true };
    }
    const current = session as OpenVisit;
    extendVisit(current, ts, activity, pathname);
    return { session: current, isNew: false };
  }

  /** Whether the visitor has a visit open at `ts` here. */
  hasOpen(companyId: number, visitorId: number, ts: number): boolean {
    const session = this.open.get(`${companyId}:${visitorId}`);
    return session !== undefined && isOpenAt(session, ts);
  }

  /** Continues visits read back from the database, as of `now`. */
  restore(sessions: OpenSession[], now: number): void {
    const ordered = [...sessions].sort((a, b) => a.lastActivityAt.getTime() - b.lastActivityAt.getTime());
    for (const session of ordered) {
      const key = `${session.companyId}:${session.visitorId}`;
      this.open.delete(key);
      this.open.set(key, session);
    }
    if (this.open.size > this.limits.capacity) this.evict(now);
  }

  /**
   * Lets the oldest visits go, down to nine tenths of the capacity. The map is in the order visits began
   * (moving a visit at each of its events would cost the busiest path a rehash an event): a visit active in
   * the last 10 seconds gets a second chance at the end of the map instead, so what leaves is the longest
   * open among the idle. Each visit is looked at once at most.
   */
  private evict(now: number): void {
    const keep = Math.floor(this.limits.capacity * 0.9);
    const gone: OpenVisit[] = [];
    let looked = this.open.size;
    for (const [key, session] of this.open) {
      if (this.open.size <= keep || looked-- <= 0) break;
      this.open.delete(key);
      if (session.lastActivityAt.getTime() > now - EVICT_IDLE_MS) this.open.set(key, session);
      else gone.push(session);
    }
    if (gone.length > 0) this.limits.onEvict(gone);
  }

  /** Forgets visits idle since before `now - 30 min`; answers how many are still open. */
  sweep(now: number): number {
    for (const [key, session] of this.open) {
      if (session.lastActivityAt.getTime() + VISIT_TIMEOUT_MS <= now) this.open.delete(key);
    }
    return this.open.size;
  }
}
