import { takeAttempt } from '../rate-limit/fixed-windows';
import type { App } from '../types';

/** Newsletter sign-ups allowed per client address an hour: a person needs one, a script would send many. */
export const SUBSCRIBE_LIMIT = { perIp: 10, windowMs: 60 * 60 * 1000 };

/** Counts one sign-up from `ip`, refusing it (429) past the hour's limit. */
export function takeSubscribeAttempt(app: Pick<App, 'now' | 'repos'>, ip: string): Promise<void> {
  const { perIp, windowMs } = SUBSCRIBE_LIMIT;
  return takeAttempt(app, { key: `subscribe:ip:${ip}`, limit: perIp, windowMs, what: 'subscription' });
}
