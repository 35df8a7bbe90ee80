import type { ApiCallDay, ApiCallTally, Repositories } from '@footfall/db';

/** One stats-API call that passed authentication, authorization and the quota. */
export interface ApiCall {
  companyId: number;
  keyId: number;
  /** The company's local day, `YYYY-MM-DD`. */
  day: string;
  /** The route pattern, `GET /api/v1/stats/:company_id`. */
  endpoint: string;
  /** Epoch ms. */
  at: number;
}

/**
 * A key's `last_used_at` is written again only once this much time has passed since its last write: with
 * flushes every few seconds it stays within a minute of the truth (docs/api.md "Stats API, keys and usage") for one write a key a minute.
 */
const USE_PRECISION_MS = 50_000;

/**
 * Counts stats-API calls in memory, per company, local day and endpoint, and adds them to the database
 * when flushed (every few seconds and at shutdown), so that a call costs no write. It also remembers when
 * each key was last used, for the same flush.
 *
 * Readers that want stored and unflushed counts together (`daily`, `total`) run one at a time with flushes:
 * counts move from memory to the database only between reads, so none is missed or counted twice.
 */
export class ApiCallCounter {
  private tallies = new Map<string, ApiCallTally>();
  /** Key id → the latest use that is still to be written. */
  private uses = new Map<number, number>();
  /** Key id → the use last written. */
  private readonly written = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Companies deleted while this process ran: their counts could only fail every later flush. */
  private readonly deleted = new Set<number>();

  constructor(private readonly repos: Pick<Repositories, 'apiCalls' | 'apiKeys'>) {}

  record(call: ApiCall): void {
    if (this.deleted.has(call.companyId)) return;
    this.addTally({ companyId: call.companyId, day: call.day, endpoint: call.endpoint, calls: 1 });
    const written = this.written.get(call.keyId);
    if (written === undefined || call.at - written >= USE_PRECISION_MS) {
      this.uses.set(call.keyId, Math.max(call.at, this.uses.get(call.keyId) ?? call.at));
    }
  }

  /** A company's calls per day and endpoint from `from` to `to` (inclusive), stored and unflushed. */
  daily(companyId: number, from: string, to: string): Promise<ApiCallDay[]> {
    return this.exclusive(async () => {
      const stored = await this.repos.apiCalls.daily(companyId, from, to);
      const rows = new Map(stored.map((row) => [`${row.day} ${row.endpoint}`, { ...row }]));
      for (const tally of this.unflushed(companyId, from, to)) {
        const row = rows.get(`${tally.day} ${tally.endpoint}`);
        if (row) row.calls += tally.calls;
        else rows.set(`${tally.day} ${tally.endpoint}`, { ...tally });
      }
      return [...rows.values()].sort((a, b) => compare(a.day, b.day) || compare(a.endpoint, b.endpoint));
    });
  }

  /** A company's calls from `from` to `to` (inclusive), stored and unflushed. */
  total(companyId: number, from: string, to: string): Promise<number> {
    return this.exclusive(async () => {
      const stored = await this.repos.apiCalls.total(companyId, from, to);
      return this.unflushed(companyId, from, to).reduce((sum, tally) => sum + tally.calls, stored);
    });
  }

  /**
   * Adds the counts in memory to the database, and writes the keys' last uses. What fails to be written
   * stays in memory for the next flush (the counts are added all or nothing), and the error is thrown.
   */
  flush(): Promise<void> {
    return this.exclusive(async () => {
      const tallies = [...this.tallies.values()];
      const uses = [...this.uses].map(([keyId, at]) => ({ keyId, at: new Date(at) }));
      this.tallies = new Map();
      this.uses = new Map();
      try {
        await this.repos.apiCalls.add(tallies);
      } catch (error) {
        for (const tally of tallies) this.addTally(tally);
        for (const use of uses) this.keepUse(use.keyId, use.at.getTime());
        throw error;
      }
      try {
        await this.repos.apiKeys.recordUse(uses);
      } catch (error) {
        for (const use of uses) this.keepUse(use.keyId, use.at.getTime());
        throw error;
      }
      for (const use of uses) this.written.set(use.keyId, use.at.getTime());
    });
  }

  /**
   * Drops a company's counts, those in memory and any recorded later, once the flush under way is done
   * (a failed flush puts its counts back): the company is being deleted.
   */
  forgetCompany(companyId: number): Promise<void> {
    this.deleted.add(companyId);
    return this.exclusive(async () => {
      for (const [key, tally] of this.tallies) if (tally.companyId === companyId) this.tallies.delete(key);
    });
  }

  private unflushed(companyId: number, from: string, to: string): ApiCallDay[] {
    const found: ApiCallDay[] = [];
    for (const tally of this.tallies.values()) {
      if (tally.companyId === companyId && tally.day >= from && tally.day <= to) {
        found.push({ day: tally.day, endpoint: tally.endpoint, calls: tally.calls });
      }
    }
    return found;
  }

  private addTally(tally: ApiCallTally): void {
    const key = `${tally.companyId} ${tally.day} ${tally.endpoint}`;
    const seen = this.tallies.get(key);
    if (seen) seen.calls += tally.calls;
    else this.tallies.set(key, { ...tally });
  }

  private keepUse(keyId: number, at: number): void {
    this.uses.set(keyId, Math.max(at, this.uses.get(keyId) ?? at));
  }

  /** Runs `task` after every task queued before it; a failure does not stop the queue. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(task);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
