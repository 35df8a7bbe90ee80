import type { RateLimitCount } from '@footfall/db';

/** Where the servers' counts meet: adds counts to windows starting at `windowStart`, answers the totals. */
export interface WindowStore {
  addCounts(counts: RateLimitCount[], windowStart: Date): Promise<RateLimitCount[]>;
}

/** How often a server adds its counts to the shared windows (`SharedWindows.flush`, on a timer). */
export const SHARE_EVERY_MS = 500;

interface Window {
  start: number;
  /** The window's total across servers as the store last answered it (this server's shared counts included). */
  shared: number;
  /** Counted here since the last flush. */
  pending: number;
}

const MAX_KEYS = 100_000;

/**
 * Fixed windows counted in memory, for a limit checked on every request of the busiest path, where a
 * database round trip per request would cost more than the limit saves: `hit` is synchronous and never
 * waits. Windows are aligned to the clock (`windowMs` from the epoch), so every server agrees where they
 * start without asking. Refused hits are not counted.
 *
 * Without a store (SQLite: one server) the count is exact. With one (PostgreSQL, several servers), each
 * server adds what it counted to the shared window every `SHARE_EVERY_MS` (one upsert of every key it
 * counted, answering their totals) and refuses once its last-known total plus what it counted since
 * exceeds the limit. What a server cannot know is what the others admitted since their last flush and its
 * own: a key is allowed at most `limit` plus what the other servers admit for it in about two flush
 * intervals (1 s), and only while none of them has seen the total reach the limit.
 */
export class SharedWindows {
  private readonly windows = new Map<string, Window>();
  private flushing = false;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly store?: WindowStore,
    /** Prefixed to keys in the store, which other limits share: `ingest:ip:`. */
    private readonly storePrefix = '',
  ) {}

  /** Counts `amount` hits for `key`; answers 0 when allowed, else the milliseconds until the window ends. */
  hit(key: string, amount: number, now: number): number {
    const start = now - (now % this.windowMs);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      if (this.windows.size >= MAX_KEYS) this.prune(start);
      window = { start, shared: 0, pending: 0 };
      this.windows.set(key, window);
    }
    if (window.shared + window.pending + amount > this.limit) return start + this.windowMs - now;
    window.pending += amount;
    return 0;
  }

  /**
   * Adds the counts of the current window to the store and learns their totals. Counts of a window that
   * has ended are dropped: that window no longer limits anything. A failed flush keeps its counts for the
   * next one and rejects.
   */
  async flush(now: number): Promise<void> {
    if (!this.store || this.flushing) return;
    const start = now - (now % this.windowMs);
    const sent = new Map<string, number>();
    for (const [key, window] of this.windows) {
      if (window.start !== start) this.windows.delete(key);
      else if (window.pending > 0) sent.set(key, window.pending);
    }
    if (sent.size === 0) return;
    this.flushing = true;
    try {
      const counts = [...sent].map(([key, count]) => ({ key: this.storePrefix + key, count }));
      const totals = await this.store.addCounts(counts, new Date(start));
      for (const [key, count] of sent) {
        const window = this.windows.get(key);
        if (window?.start === start) window.pending = Math.max(0, window.pending - count);
      }
      for (const total of totals) {
        const window = this.windows.get(total.key.slice(this.storePrefix.length));
        // Counted here meanwhile stays pending; the total already includes what was just sent.
        if (window?.start === start) window.shared = total.count;
      }
    } finally {
      this.flushing = false;
    }
  }

  private prune(start: number): void {
    for (const [key, window] of this.windows) if (window.start !== start) this.windows.delete(key);
    // Still full within one window: start again rather than grow without bound.
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}
