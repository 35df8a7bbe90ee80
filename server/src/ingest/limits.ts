import type { Repositories } from '@footfall/db';

/**
 * Events per IP address in fixed one-minute windows, in memory: the limit guards this process against a
 * flood, so it needs no shared state, and a database write per request would cost more than it saves.
 */
export class IpLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts `events` for `ip`; answers 0 when allowed, else the milliseconds until the window ends. */
  hit(ip: string, events: number, now: number): number {
    let window = this.windows.get(ip);
    if (!window || window.start + this.windowMs <= now) {
      if (this.windows.size >= 100_000) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(ip, window);
    }
    if (window.count + events > this.limit) return window.start + this.windowMs - now;
    window.count += events;
    return 0;
  }

  private prune(now: number): void {
    for (const [ip, window] of this.windows) if (window.start + this.windowMs <= now) this.windows.delete(ip);
  }
}

/**
 * Counted events per company and local month, read once from the database and then kept here as events are
 * accepted, so the quota check costs no query. The database counter is the truth; this follows it.
 */
export class UsageMeter {
  private readonly used = new Map<number, { month: string; events: number }>();

  constructor(private readonly repos: Pick<Repositories, 'tracking'>) {}

  cached(companyId: number, month: string): number | undefined {
    const entry = this.used.get(companyId);
    return entry?.month === month ? entry.events : undefined;
  }

  async load(companyId: number, month: string): Promise<number> {
    const events = await this.repos.tracking.monthlyEvents(companyId, month);
    const entry = this.used.get(companyId);
    if (entry?.month === month) return entry.events;
    this.used.set(companyId, { month, events });
    return events;
  }

  add(companyId: number, month: string, events: number): void {
    const entry = this.used.get(companyId);
    if (entry?.month === month) entry.events += events;
    else this.used.set(companyId, { month, events });
  }
}
