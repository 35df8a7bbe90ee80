import { tooManyRequests } from '../errors';
import { clearLimit, hitLimits, spentLimits } from '../rate-limit/fixed-windows';
import { retryText } from '../retry-text';
import type { App } from '../types';

/** Wrong passwords allowed per minute, as for logins (docs/api.md "Accounts"): per link and address, and per address. */
const UNLOCK_LIMITS = { perPair: 5, perIp: 20, windowMs: 60 * 1000 };

const limitsOf = (linkId: number, ip: string) => {
  const { perPair, perIp, windowMs } = UNLOCK_LIMITS;
  const pair = { key: `share-unlock:pair:${linkId}|${ip}`, limit: perPair, windowMs };
  return { pair, both: [pair, { key: `share-unlock:ip:${ip}`, limit: perIp, windowMs }] };
};

/**
 * Guesses at a shared link's password, limited like logins: only wrong passwords count, a right one clears
 * the link's count for that address, and while a counter is spent even the right password is refused.
 */
export function createUnlockThrottle(app: App) {
  return {
    async assertAllowed(linkId: number, ip: string): Promise<void> {
      const waitMs = await spentLimits(app, limitsOf(linkId, ip).both);
      if (waitMs <= 0) return;
      throw tooManyRequests(`Too many password attempts. Please try again in ${retryText(waitMs)}.`, waitMs);
    },

    async recordFailure(linkId: number, ip: string): Promise<void> {
      await hitLimits(app, limitsOf(linkId, ip).both);
    },

    async clearFailures(linkId: number, ip: string): Promise<void> {
      await clearLimit(app, limitsOf(linkId, ip).pair.key);
    },
  };
}
