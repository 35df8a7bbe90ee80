import { tooManyRequests } from './errors';
import { retryText } from './retry-text';
import type { App } from './types';

export interface AttemptLimit {
  /** The counter, e.g. `subscribe:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowMs: number;
  /** What is counted, for the message: "Too many {what} requests." */
  what: string;
}

/**
 * Counts one attempt in a fixed window kept in the database (so it holds across restarts and servers) and
 * refuses it with 429 and `Retry-After` past the limit. A refused attempt counts too, but cannot move the
 * window's end.
 */
export async function takeAttempt(app: App, { key, limit, windowMs, what }: AttemptLimit): Promise<void> {
  const now = app.now();
  const hit = await app.repos.rateLimits.hit(key, windowMs, now);
  if (hit.count <= limit) return;
  const waitMs = hit.windowStart.getTime() + windowMs - now.getTime();
  throw tooManyRequests(`Too many ${what} requests. Please try again in ${retryText(waitMs)}.`, waitMs);
}
