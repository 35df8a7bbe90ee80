import { type CountedGuess, clearLimit, countGuess } from '../rate-limit/fixed-windows';
import type { App } from '../types';

/** Wrong passwords allowed per minute, as for logins (docs/api.md "Accounts"): per link and address, and per address. */
const UNLOCK_LIMITS = { perPair: 5, perIp: 20, windowMs: 60 * 1000 };

const limitsOf = (linkId: number, ip: string) => {
  const { perPair, perIp, windowMs } = UNLOCK_LIMITS;
  const pair = { key: `share-unlock:pair:${linkId}|${ip}`, limit: perPair, windowMs };
  return { pair, both: [pair, { key: `share-unlock:ip:${ip}`, limit: perIp, windowMs }] };
};

/**
 * Guesses at a shared link's password, limited like logins: each counted before it is checked, a right one
 * taken back and clearing the link's count for that address; while a counter is spent even the right
 * password is refused.
 */
export function createUnlockThrottle(app: Pick<App, 'now' | 'repos'>) {
  return {
    async countGuess(linkId: number, ip: string): Promise<CountedGuess> {
      const { pair, both } = limitsOf(linkId, ip);
      const guess = await countGuess(app, both, 'Too many password attempts.');
      return {
        async release() {
          await guess.release();
          await clearLimit(app, pair.key);
        },
      };
    },
  };
}
