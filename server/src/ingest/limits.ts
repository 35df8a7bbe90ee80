import type { Repositories } from '@footfall/db';
import { SharedWindows, type WindowStore } from '../rate-limit/shared-windows';

/**
 * Events per IP address in fixed one-minute windows, counted in memory (a database write per request would
 * cost more than it saves) and, on PostgreSQL, shared with the other servers every half second, so that
 * the limit holds across them within a small overshoot (`rate-limit/shared-windows.ts`).
 */
export class IpLimiter extends SharedWindows {
  constructor(limit: number, windowMs = 60_000, store?: WindowStore) {
    super(limit, windowMs, store, 'ingest:ip:');
  }
}

/**
 * Counted events per company and local month, read once from the database and then kept here as events are
 * accepted, so the quota check costs no query. The database counter is the truth; this follows it.
 */
export class UsageMeter {
  /** `loadedAt`: real time (ms) of the read, for `expire`. */
  private readonly used = new Map<number, { month: string; events: number; loadedAt: number }>();

  constructor(private readonly repos: Pick<Repositories, 'tracking'>) {}

  cached(companyId: number, month: string): number | undefined {
    const entry = this.used.get(companyId);
    return entry?.month === month ? entry.events : undefined;
  }

  async load(companyId: number, month: string): Promise<number> {
    const events = await this.repos.tracking.monthlyEvents(companyId, month);
    const entry = this.used.get(companyId);
    if (entry?.month === month) return entry.events;
    this.used.set(companyId, { month, events, loadedAt: Date.now() });
    return events;
  }

  /**
   * Forgets the counts read before `loadedBefore`, so that the next event reads the database again and
   * sees what other servers committed. Called from a timer, between requests: the pipeline reads a count
   * more than once in one synchronous run, which must find it each time.
   */
  expire(loadedBefore: number): void {
    for (const [companyId, entry] of this.used)
      if (entry.loadedAt < loadedBefore) this.used.delete(companyId);
  }

  add(companyId: number, month: string, events: number): void {
    const entry = this.used.get(companyId);
    if (entry?.month === month) entry.events += events;
    else this.used.set(companyId, { month, events, loadedAt: Date.now() });
  }
}
