import type { BillingPeriod } from './billing-period';
import type { ApiCall, ApiCallCounter } from './call-counter';

interface MonthUsage {
  month: string;
  calls: number;
  loadedAt: number;
}

/**
 * How long a company's monthly count is trusted before it is read again (stored plus unflushed). Within
 * one server the count is exact; the re-read brings in what other servers sharing the database counted
 * and flushed (every `FLUSH_EVERY_MS`, plugins/stats-api.ts). So across servers a company's calls exceed
 * its quota by at most what the other servers admit for it in one flush interval plus this (about 3 s),
 * at the cost of one query per company calling the API every 2 s on each server.
 */
export const RELOAD_AFTER_MS = 2_000;

/**
 * The monthly stats-API quota: each company's calls this billing period, read once (stored plus
 * unflushed) and then kept in memory as calls are admitted, so that the check costs no query.
 */
export class ApiQuota {
  private readonly months = new Map<number, MonthUsage>();
  private readonly loading = new Map<string, Promise<MonthUsage>>();

  constructor(private readonly counter: ApiCallCounter) {}

  /**
   * Counts `call` when the company is under `quota` for `period`, and answers whether it did. The check and
   * the count happen in one step, so calls arriving together cannot overshoot the quota.
   */
  async admit(call: ApiCall, period: BillingPeriod, quota: number): Promise<boolean> {
    const usage = await this.usage(call.companyId, period, call.at);
    if (usage.calls >= quota) return false;
    usage.calls += 1;
    this.counter.record(call);
    return true;
  }

  /** The company's calls in `period` so far. */
  async used(companyId: number, period: BillingPeriod, now: number): Promise<number> {
    return (await this.usage(companyId, period, now)).calls;
  }

  private async usage(companyId: number, period: BillingPeriod, now: number): Promise<MonthUsage> {
    // While a count is being read, every call of that month waits for it, so none slips past the read.
    const loading = this.loading.get(`${companyId} ${period.month}`);
    if (loading) return loading;
    const known = this.months.get(companyId);
    if (known?.month === period.month && now - known.loadedAt < RELOAD_AFTER_MS) return known;
    return this.load(companyId, period, now);
  }

  private load(companyId: number, period: BillingPeriod, now: number): Promise<MonthUsage> {
    const key = `${companyId} ${period.month}`;
    const promise = this.counter
      .total(companyId, period.firstDay, period.lastDay)
      .then((calls) => {
        const usage = { month: period.month, calls, loadedAt: now };
        // A request still on last month's clock must not replace the new month's count.
        const known = this.months.get(companyId);
        if (!known || known.month <= period.month) this.months.set(companyId, usage);
        return usage;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }
}
