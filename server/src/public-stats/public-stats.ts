import type { PublicStats } from '@footfall/contract';
import type { Repositories, TrackedCompany } from '@footfall/db';
import { LRUCache } from 'lru-cache';
import { addDays, type Day, localDays, todayIn } from '../calendar/local-days';
import type { Totals } from '../storage/day-stats';

const TTL_MS = 60_000;
const REALTIME_MS = 5 * 60_000;
const DAYS = 30;
/** Beyond this many tracking keys, the least recently asked are forgotten first. */
const MAX_ENTRIES = 10_000;

interface Entry {
  companyId: number | undefined;
  stats: PublicStats | null;
  expiresAt: number;
}

/**
 * The embeddable widget's numbers (docs/api.md "Public"), computed at most once a minute per company. `null` means
 * "answer 404": an unknown key, or a company whose public stats are off. Turning them off clears the entry,
 * so it takes effect at once. The minute is read from the caller's clock (the app's, movable in tests), so
 * it is checked here rather than by the LRU.
 */
export class PublicStatsService {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

  constructor(
    private readonly repos: Pick<Repositories, 'tracking' | 'visitCounts'>,
    /** Each day's totals from the daily rollups, worked out off the request thread (`dayTotals` job). */
    private readonly dayTotals: (
      company: TrackedCompany,
      days: Day[],
      now: number,
    ) => Promise<{ totals: Totals }[]>,
  ) {}

  async get(trackingKey: string, now: number): Promise<PublicStats | null> {
    const cached = this.entries.get(trackingKey);
    if (cached && cached.expiresAt > now) return cached.stats;
    const company = await this.repos.tracking.findCompanyByTrackingKey(trackingKey);
    const stats = company?.publicStats ? await this.compute(company, now) : null;
    this.entries.set(trackingKey, { companyId: company?.id, stats, expiresAt: now + TTL_MS });
    return stats;
  }

  /** Forgets every company's numbers, e.g. after change signals may have been missed. */
  clear(): void {
    this.entries.clear();
  }

  invalidate(companyId: number): void {
    const forgotten = [...this.entries.entries()].filter(([, entry]) => entry.companyId === companyId);
    for (const [key] of forgotten) this.entries.delete(key);
  }

  private async compute(company: TrackedCompany, now: number): Promise<PublicStats> {
    // The analytics' daily sums: visitors are distinct per day, and the 30 days add them up.
    const today = todayIn(company.timezone, now);
    const days = localDays(company.timezone, addDays(today, 1 - DAYS), today);
    const perDay = (await this.dayTotals(company, days, now)).map((day) => day.totals);
    return {
      visitors_30d: perDay.reduce((sum, day) => sum + day.visitors, 0),
      pageviews_30d: perDay.reduce((sum, day) => sum + day.pageviews, 0),
      realtime: await this.repos.visitCounts.activeVisitors(company.id, new Date(now - REALTIME_MS)),
      sparkline: perDay.map((day) => day.visitors),
    };
  }
}
