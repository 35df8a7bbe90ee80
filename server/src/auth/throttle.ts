import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../errors';
import { type CountedGuess, clearLimit, countGuess, hitLimits } from '../rate-limit/fixed-windows';
import { retryText } from '../rate-limit/retry-text';
import type { AccountKind } from './sessions';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Wrong credentials allowed per window (docs/api.md "Accounts"); user and admin logins count apart. */
const LOGIN_LIMITS = { perPair: 5, perIp: 20, windowMs: MINUTE };
/**
 * Wrong two-factor codes allowed per IP address and window (docs/api.md "Two-factor sign-in"), apart from
 * the five a single challenge allows: a password already passed, so this guards against spreading guesses
 * over many challenges.
 */
const TWO_FACTOR_LIMITS = { perIp: 10, windowMs: 10 * MINUTE };
/**
 * Wrong current passwords that the routes of a signed-in account allow (changing the password or the
 * address, deleting the account, two-factor settings), per account: a stolen session must not become a
 * way to guess the password.
 */
const CURRENT_PASSWORD_LIMITS = { perAccount: 10, windowMs: 10 * MINUTE };
/** Verification and reset mails per window, per address and per IP; each flow counts apart. */
const MAIL_LIMITS = { perAddress: 6, perIp: 30, windowMs: HOUR };

export type MailFlow = 'resend' | 'reset';

/**
 * Fixed-window limits kept in the database (`rate-limit/fixed-windows.ts`), so they hold across restarts
 * and across server processes sharing one PostgreSQL.
 */
export function createThrottle(app: FastifyInstance) {
  const loginLimits = (kind: AccountKind, email: string, ip: string) => {
    const { perPair, perIp, windowMs } = LOGIN_LIMITS;
    const pair = { key: `login:${kind}:pair:${email.toLowerCase()}|${ip}`, limit: perPair, windowMs };
    return { pair, both: [pair, { key: `login:${kind}:ip:${ip}`, limit: perIp, windowMs }] };
  };

  /**
   * Counts a login attempt before its password is checked, refusing it (even with the right password)
   * past either counter. Its `release` on success also clears the pair's count, as a right password ends
   * the guessing at that account from that address.
   */
  async function countLoginAttempt(kind: AccountKind, email: string, ip: string): Promise<CountedGuess> {
    const { pair, both } = loginLimits(kind, email, ip);
    const guess = await countGuess(app, both, 'Too many login attempts.');
    return {
      async release() {
        await guess.release();
        await clearLimit(app, pair.key);
      },
    };
  }

  /** Counts a two-factor code against the address before it is checked. */
  function countTwoFactorCode(kind: AccountKind, ip: string): Promise<CountedGuess> {
    const { perIp, windowMs } = TWO_FACTOR_LIMITS;
    return countGuess(
      app,
      [{ key: `two-factor:${kind}:ip:${ip}`, limit: perIp, windowMs }],
      'Too many wrong codes.',
    );
  }

  /** Counts a signed-in account's current password before it is checked. */
  function countCurrentPassword(kind: AccountKind, accountId: number): Promise<CountedGuess> {
    const { perAccount, windowMs } = CURRENT_PASSWORD_LIMITS;
    const key = `current-password:${kind}:${accountId}`;
    return countGuess(app, [{ key, limit: perAccount, windowMs }], 'Too many wrong passwords.');
  }

  /**
   * Counts one mail request (known or unknown address alike, so the answer reveals nothing) and refuses it
   * past either limit. A refused request still counts, but a fixed window never moves, so it cannot
   * prolong the wait.
   */
  async function takeMailRequest(
    flow: MailFlow,
    kind: AccountKind,
    email: string,
    ip: string,
  ): Promise<void> {
    const { perAddress, perIp, windowMs } = MAIL_LIMITS;
    const waitMs = await hitLimits(app, [
      { key: `${flow}:${kind}:email:${email.toLowerCase()}`, limit: perAddress, windowMs },
      { key: `${flow}:${kind}:ip:${ip}`, limit: perIp, windowMs },
    ]);
    if (waitMs <= 0) return;
    const what = flow === 'resend' ? 'verification' : 'password reset';
    throw tooManyRequests(`Too many ${what} requests. Please try again in ${retryText(waitMs)}.`, waitMs);
  }

  return {
    countLoginAttempt,
    countTwoFactorCode,
    countCurrentPassword,
    takeMailRequest,
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
