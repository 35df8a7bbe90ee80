import type { Repositories } from '@footfall/db';
import type { EvictedVisits } from './evicted-visits';
import { type SessionTracker, VISIT_TIMEOUT_MS } from './session-tracker';
import type { RecentVisitorIds } from './visitor-id';

/** An event the pipeline is about to place in a visit: its company, its salt of the day, and its kind. */
interface Placed {
  event: { type: 'pageview' | 'event' | 'engagement' };
  company: { id: number };
  salt: string;
}

/**
 * Open visits that the database holds and this server's memory does not, continued here before an event of
 * their visitor is placed:
 * - on PostgreSQL, where several servers share the database, visits other servers started. Visits that
 *   meet at the commit are merged there (`open_visits`); what a commit cannot do is keep an engagement ping
 *   whose server never saw its visit, since a ping never starts one;
 * - on SQLite, visits that left memory when it was full (`evicted`, docs/api.md "Limits that hold under
 *   attack"), which it wrote to `open_visits` as they left. (On PostgreSQL the commit finds those too.)
 */
/** What continuing a visit reads of the pipeline: whose visitor a request is, and which visits are open here. */
interface VisitLookups {
  visitorIds: RecentVisitorIds;
  sessions: SessionTracker;
}

export class ContinuedVisits {
  constructor(
    private readonly repos: Pick<Repositories, 'tracking'>,
    /** Whether servers share visits through the database (PostgreSQL). */
    private readonly shared: boolean,
    /** The visitors whose visits left memory for the database, on SQLite. */
    private readonly evicted: EvictedVisits | undefined,
  ) {}

  /**
   * Continues here the database's open visits of the request's visitors that have none open here and may
   * have one there; undefined (nothing to wait for) when there are none, which is nearly always.
   */
  continueVisits(
    deps: VisitLookups,
    items: Placed[],
    ip: string,
    userAgent: string,
    now: number,
  ): Promise<void> | undefined {
    const evicted = this.evicted && !this.evicted.isEmpty ? this.evicted : undefined;
    if (!this.shared && !evicted) return undefined;
    const wanted = new Map<string, { companyId: number; visitorId: number }>();
    for (const { event, company, salt } of items) {
      if (!evicted && event.type !== 'engagement') continue;
      const visitorId = deps.visitorIds.get(salt, company.id, ip, userAgent);
      if (deps.sessions.hasOpen(company.id, visitorId, now)) continue;
      const held = evicted ? evicted.mayHold(company.id, visitorId, now) : event.type === 'engagement';
      if (held) wanted.set(`${company.id}:${visitorId}`, { companyId: company.id, visitorId });
    }
    if (wanted.size === 0) return undefined;
    return this.restore(deps, [...wanted.values()], now);
  }

  private async restore(
    deps: VisitLookups,
    visitors: { companyId: number; visitorId: number }[],
    now: number,
  ): Promise<void> {
    const since = new Date(now - VISIT_TIMEOUT_MS);
    for (const { companyId, visitorId } of visitors) {
      const visit = await this.repos.tracking.sharedOpenVisit(companyId, visitorId, since);
      // Only when still unknown here: an event of the visitor may have opened it here meanwhile.
      if (visit && !deps.sessions.hasOpen(companyId, visitorId, now)) deps.sessions.restore([visit], now);
    }
  }
}
