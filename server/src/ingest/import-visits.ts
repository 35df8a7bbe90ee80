import { type Activity, extendVisit, startVisit } from './session-tracker';
import type { OpenVisit } from './types';
import { processVisitIds, type VisitIds } from './visit-ids';

const DAY_MS = 86_400_000;
/** How often (in lines) visits long over are forgotten. */
const SWEEP_EVERY = 10_000;

/**
 * The visits an import names itself (`visit` on its lines, as an export writes them): the events of one
 * visitor and visit id are one visit, whatever the time between them, instead of the 30-minute rule cutting
 * them. The visitor id is the one of the visit's first event, so a visit keeps it across midnight too.
 * Visits whose last event is two days older than the newest line are forgotten, so that memory follows the
 * file's current days rather than its length (visits do not last days).
 */
export class StatedVisits {
  private readonly open = new Map<string, OpenVisit>();
  private newest = 0;
  private lines = 0;

  constructor(private readonly ids: VisitIds = processVisitIds) {}

  /**
   * The visit of an event, started when needed with the visitor id `visitorIdAt(ts)`; undefined for an
   * engagement ping that comes before any event of its visit.
   */
  assign(
    companyId: number,
    key: string,
    ts: number,
    activity: Activity,
    pathname: string,
    visitorIdAt: () => number,
  ): OpenVisit | undefined {
    this.sweep(ts);
    const visit = this.open.get(key);
    if (visit) {
      extendVisit(visit, ts, activity, pathname);
      return visit;
    }
    if (activity === 'engagement') return undefined;
    const started = startVisit(this.ids, companyId, visitorIdAt(), ts, pathname);
    this.open.set(key, started);
    return started;
  }

  private sweep(ts: number): void {
    this.newest = Math.max(this.newest, ts);
    this.lines += 1;
    if (this.lines % SWEEP_EVERY !== 0) return;
    for (const [key, visit] of this.open) {
      if (visit.lastActivityAt.getTime() < this.newest - 2 * DAY_MS) this.open.delete(key);
    }
  }
}
