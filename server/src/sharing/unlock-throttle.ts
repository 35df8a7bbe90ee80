import { tooManyRequests } from '../errors';
import { retryText } from '../retry-text';
import type { App } from '../types';

/** Wrong passwords allowed per minute, as for logins (docs/api.md "Accounts"): per link and address, and per address. */
const UNLOCK_LIMITS = { perPair: 5, perIp: 20, windowMs: 60 * 1000 };

const keysOf = (linkId: number, ip: string) => ({
  pair: `share-unlock:pair:${linkId}|${ip}`,
  ip: `share-unlock:ip:${ip}`,
});

/**
 * Guesses at a shared link's password, limited like logins: only wrong passwords count, a right one clears
 * the link's count for that address, and while a counter is spent even the right password is refused.
 */
export function createUnlockThrottle(app: App) {
  const { rateLimits } = app.repos;

  return {
    async assertAllowed(linkId: number, ip: string): Promise<void> {
      const keys = keysOf(linkId, ip);
      const now = app.now();
      const { windowMs } = UNLOCK_LIMITS;
      const [pair, perIp] = await Promise.all([
        rateLimits.peek(keys.pair, windowMs, now),
        rateLimits.peek(keys.ip, windowMs, now),
      ]);
      const spent = [
        pair && pair.count >= UNLOCK_LIMITS.perPair ? pair.resetAt.getTime() : 0,
        perIp && perIp.count >= UNLOCK_LIMITS.perIp ? perIp.resetAt.getTime() : 0,
      ];
      const waitMs = Math.max(...spent) - now.getTime();
      if (waitMs <= 0) return;
      throw tooManyRequests(`Too many password attempts. Please try again in ${retryText(waitMs)}.`, waitMs);
    },

    async recordFailure(linkId: number, ip: string): Promise<void> {
      const keys = keysOf(linkId, ip);
      const now = app.now();
      await rateLimits.hit(keys.pair, UNLOCK_LIMITS.windowMs, now);
      await rateLimits.hit(keys.ip, UNLOCK_LIMITS.windowMs, now);
    },

    async clearFailures(linkId: number, ip: string): Promise<void> {
      await rateLimits.clear(keysOf(linkId, ip).pair);
    },
  };
}
