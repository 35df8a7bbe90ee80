import { tooManyRequests } from '../errors';
import type { App } from '../types';

/** Newsletter sign-ups allowed per client address an hour: a person needs one, a script would send many. */
export const SUBSCRIBE_LIMIT = { perIp: 10, windowMs: 60 * 60 * 1000 };

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one sign-up from `ip` in a fixed window kept in the database (so it holds across restarts and
 * servers) and refuses it past the limit. A refused attempt counts too, but cannot move the window's end.
 */
export async function takeSubscribeAttempt(app: App, ip: string): Promise<void> {
  const now = app.now();
  const { perIp, windowMs } = SUBSCRIBE_LIMIT;
  const hit = await app.repos.rateLimits.hit(`subscribe:ip:${ip}`, windowMs, now);
  if (hit.count <= perIp) return;
  const waitMs = hit.windowStart.getTime() + windowMs - now.getTime();
  throw tooManyRequests(`Too many subscription requests. Please try again in ${waitText(waitMs)}.`, waitMs);
}
