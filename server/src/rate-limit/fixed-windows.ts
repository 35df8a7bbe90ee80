import type { RateLimitHit, Repositories } from '@footfall/db';
import { tooManyRequests } from '../errors';
import { retryText } from './retry-text';

// Every rate limit of the server speaks one vocabulary: a fixed window of `windowMs` under a `key`, in
// which at most `limit` hits are allowed, and an answer in milliseconds to wait (0: allowed). The limits of
// this module keep their windows in the database (`rate_limits`), so they hold across restarts and across
// every server sharing the database; a window opens at its key's first hit. Ingestion's per-IP limit, on
// the busiest path, counts in memory and shares its counts in batches (`shared-windows.ts`).

export interface WindowLimit {
  /** The counter, e.g. `subscribe:ip:203.0.113.9`. */
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

/** What a limit reads: its counters and the clock. */
type Clocked = { repos: Pick<Repositories, 'rateLimits'>; now(): Date };

/**
 * Counts one hit under each limit and answers 0 while every count stays within its limit, else the time
 * until the last exceeded window ends. A refused hit counts too, but cannot move its window's end.
 */
export async function hitLimits(app: Clocked, limits: WindowLimit[]): Promise<number> {
  const now = app.now();
  let resetAt = 0;
  for (const { key, limit, windowMs } of limits) {
    const hit = await app.repos.rateLimits.hit(key, windowMs, now);
    if (hit.count > limit) resetAt = Math.max(resetAt, hit.windowStart.getTime() + windowMs);
  }
  return Math.max(0, resetAt - now.getTime());
}

/** A guess at a secret, counted before it was checked (`countGuess`). */
export interface CountedGuess {
  /** The guess proved right: its hits are taken back, so that only wrong guesses use the limits. */
  release(): Promise<void>;
}

/**
 * Counts one guess at a secret under each limit before the slow check (docs/api.md "Limits that hold under
 * attack"), each count one atomic statement, and refuses it with 429 and `Retry-After` past any limit
 * (`refusal` says what was refused: "Too many login attempts."). Guesses sent at once are therefore
 * limited exactly like guesses sent one by one: each takes its own count before any is checked. The
 * limits are counted in order, narrowest first, and a guess refused by one is not counted under the
 * next: otherwise, of 40 guesses at one account sent together, one that took the account's fifth count
 * could then find the address's counter filled by the 35 refused ones, and fewer than five be checked.
 * The caller releases the guess when it proves right, and keeps it counted when it proves wrong.
 */
export async function countGuess(
  app: Clocked,
  limits: WindowLimit[],
  refusal: string,
): Promise<CountedGuess> {
  const now = app.now();
  const hits: RateLimitHit[] = [];
  for (const { key, limit, windowMs } of limits) {
    const hit = await app.repos.rateLimits.hit(key, windowMs, now);
    hits.push(hit);
    if (hit.count > limit) {
      const waitMs = Math.max(1, hit.windowStart.getTime() + windowMs - now.getTime());
      throw tooManyRequests(`${refusal} Please try again in ${retryText(waitMs)}.`, waitMs);
    }
  }
  return {
    async release() {
      for (const [i, hit] of hits.entries()) {
        await app.repos.rateLimits.release((limits[i] as WindowLimit).key, hit.windowStart);
      }
    },
  };
}

/** Forgets a key's window, e.g. a pair's failures once the right password came. */
export async function clearLimit(app: Clocked, key: string): Promise<void> {
  await app.repos.rateLimits.clear(key);
}

export interface AttemptLimit extends WindowLimit {
  /** What is counted, for the message: "Too many {what} requests." */
  what: string;
}

/** Counts one attempt, refusing it with 429 and `Retry-After` past the limit. */
export async function takeAttempt(app: Clocked, { what, ...limit }: AttemptLimit): Promise<void> {
  const waitMs = await hitLimits(app, [limit]);
  if (waitMs > 0) {
    throw tooManyRequests(`Too many ${what} requests. Please try again in ${retryText(waitMs)}.`, waitMs);
  }
}
