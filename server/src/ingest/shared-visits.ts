import type { Repositories } from '@footfall/db';
import type { PipelineDeps } from './pipeline-deps';
import { VISIT_TIMEOUT_MS } from './session-tracker';

/** An event the pipeline is about to place in a visit: its company, its salt of the day, and its kind. */
interface Placed {
  event: { type: 'pageview' | 'event' | 'engagement' };
  company: { id: number };
  salt: string;
}

/**
 * Open visits that other servers started, on PostgreSQL where several servers share the database. Visits
 * that meet at the commit are merged there (`open_visits`); what a commit cannot do is keep an engagement
 * ping whose server never saw its visit, since a ping never starts one. So before a ping of a visitor with
 * no visit open here is placed, the visit open in the database (committed, as its pageview was answered) is
 * continued here.
 */
export class SharedVisits {
  constructor(private readonly repos: Pick<Repositories, 'tracking'>) {}

  /**
   * Continues here the database's open visits of the request's pinging visitors that have none open here;
   * undefined (nothing to wait for) when there are none, which is nearly always.
   */
  continueVisits(
    deps: PipelineDeps,
    items: Placed[],
    ip: string,
    userAgent: string,
    now: number,
  ): Promise<void> | undefined {
    const wanted = new Map<string, { companyId: number; visitorId: number }>();
    for (const { event, company, salt } of items) {
      if (event.type !== 'engagement') continue;
      const visitorId = deps.visitorIds.get(salt, company.id, ip, userAgent);
      if (!deps.sessions.hasOpen(company.id, visitorId, now)) {
        wanted.set(`${company.id}:${visitorId}`, { companyId: company.id, visitorId });
      }
    }
    if (wanted.size === 0) return undefined;
    return this.restore(deps, [...wanted.values()], now);
  }

  private async restore(
    deps: PipelineDeps,
    visitors: { companyId: number; visitorId: number }[],
    now: number,
  ): Promise<void> {
    const since = new Date(now - VISIT_TIMEOUT_MS);
    for (const { companyId, visitorId } of visitors) {
      const visit = await this.repos.tracking.sharedOpenVisit(companyId, visitorId, since);
      // Only when still unknown here: an event of the visitor may have opened it here meanwhile.
      if (visit && !deps.sessions.hasOpen(companyId, visitorId, now)) deps.sessions.restore([visit]);
    }
  }
}
