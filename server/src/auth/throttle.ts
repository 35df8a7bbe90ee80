import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../errors';
import { clearLimit, hitLimits, spentLimits } from '../rate-limit/fixed-windows';
import { retryText } from '../retry-text';
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

  /** Refuses a login attempt (even with the right password) while either counter is spent. */
  async function assertLoginAllowed(kind: AccountKind, email: string, ip: string): Promise<void> {
    const waitMs = await spentLimits(app, loginLimits(kind, email, ip).both);
    if (waitMs <= 0) return;
    throw tooManyRequests(`Too many login attempts. Please try again in ${retryText(waitMs)}.`, waitMs);
  }

  async function recordLoginFailure(kind: AccountKind, email: string, ip: string): Promise<void> {
    await hitLimits(app, loginLimits(kind, email, ip).both);
  }

  async function clearLoginFailures(kind: AccountKind, email: string, ip: string): Promise<void> {
    await clearLimit(app, loginLimits(kind, email, ip).pair.key);
  }

  const twoFactorLimit = (kind: AccountKind, ip: string) => ({
    key: `two-factor:${kind}:ip:${ip}`,
    limit: TWO_FACTOR_LIMITS.perIp,
    windowMs: TWO_FACTOR_LIMITS.windowMs,
  });

  /** Refuses a two-factor code (even a right one) while the address has spent its wrong codes. */
  async function assertTwoFactorAllowed(kind: AccountKind, ip: string): Promise<void> {
    const waitMs = await spentLimits(app, [twoFactorLimit(kind, ip)]);
    if (waitMs <= 0) return;
    throw tooManyRequests(`Too many wrong codes. Please try again in ${retryText(waitMs)}.`, waitMs);
  }

  async function recordTwoFactorFailure(kind: AccountKind, ip: string): Promise<void> {
    await hitLimits(app, [twoFactorLimit(kind, ip)]);
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
    assertLoginAllowed,
    recordLoginFailure,
    clearLoginFailures,
    assertTwoFactorAllowed,
    recordTwoFactorFailure,
    takeMailRequest,
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
