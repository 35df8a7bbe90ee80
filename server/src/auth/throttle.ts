import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from '../errors';
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

/** A counter in its window: spent when its count has reached `limit`. */
interface Counter {
  count: number;
  resetAt: Date;
  limit: number;
}

/** How long until every spent counter has reset; 0 when none is spent. */
function waitForCounters(counters: Counter[], now: Date): number {
  const resets = counters.filter((c) => c.count >= c.limit).map((c) => c.resetAt.getTime());
  return resets.length === 0 ? 0 : Math.max(...resets) - now.getTime();
}

/**
 * Fixed-window limits kept in the database, so they hold across restarts and across server processes
 * sharing one PostgreSQL.
 */
export function createThrottle(app: FastifyInstance) {
  const { rateLimits } = app.repos;

  const loginKeys = (kind: AccountKind, email: string, ip: string) => ({
    pair: `login:${kind}:pair:${email.toLowerCase()}|${ip}`,
    ip: `login:${kind}:ip:${ip}`,
  });

  /** Refuses a login attempt (even with the right password) while either counter is spent. */
  async function assertLoginAllowed(kind: AccountKind, email: string, ip: string): Promise<void> {
    const keys = loginKeys(kind, email, ip);
    const now = app.now();
    const [pair, perIp] = await Promise.all([
      rateLimits.peek(keys.pair, LOGIN_LIMITS.windowMs, now),
      rateLimits.peek(keys.ip, LOGIN_LIMITS.windowMs, now),
    ]);
    const waitMs = waitForCounters(
      [
        ...(pair ? [{ ...pair, limit: LOGIN_LIMITS.perPair }] : []),
        ...(perIp ? [{ ...perIp, limit: LOGIN_LIMITS.perIp }] : []),
      ],
      now,
    );
    if (waitMs <= 0) return;
    throw tooManyRequests(`Too many login attempts. Please try again in ${retryText(waitMs)}.`, waitMs);
  }

  async function recordLoginFailure(kind: AccountKind, email: string, ip: string): Promise<void> {
    const keys = loginKeys(kind, email, ip);
    const now = app.now();
    await rateLimits.hit(keys.pair, LOGIN_LIMITS.windowMs, now);
    await rateLimits.hit(keys.ip, LOGIN_LIMITS.windowMs, now);
  }

  async function clearLoginFailures(kind: AccountKind, email: string, ip: string): Promise<void> {
    await rateLimits.clear(loginKeys(kind, email, ip).pair);
  }

  const twoFactorKey = (kind: AccountKind, ip: string) => `two-factor:${kind}:ip:${ip}`;

  /** Refuses a two-factor code (even a right one) while the address has spent its wrong codes. */
  async function assertTwoFactorAllowed(kind: AccountKind, ip: string): Promise<void> {
    const now = app.now();
    const state = await rateLimits.peek(twoFactorKey(kind, ip), TWO_FACTOR_LIMITS.windowMs, now);
    const waitMs = waitForCounters(state ? [{ ...state, limit: TWO_FACTOR_LIMITS.perIp }] : [], now);
    if (waitMs <= 0) return;
    throw tooManyRequests(`Too many wrong codes. Please try again in ${retryText(waitMs)}.`, waitMs);
  }

  async function recordTwoFactorFailure(kind: AccountKind, ip: string): Promise<void> {
    await rateLimits.hit(twoFactorKey(kind, ip), TWO_FACTOR_LIMITS.windowMs, app.now());
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
    const now = app.now();
    const { windowMs } = MAIL_LIMITS;
    const address = await rateLimits.hit(`${flow}:${kind}:email:${email.toLowerCase()}`, windowMs, now);
    const perIp = await rateLimits.hit(`${flow}:${kind}:ip:${ip}`, windowMs, now);
    // The request just counted is allowed while the count stays within the limit, hence limit + 1.
    const resetAt = (hit: { windowStart: Date }) => new Date(hit.windowStart.getTime() + windowMs);
    const waitMs = waitForCounters(
      [
        { count: address.count, resetAt: resetAt(address), limit: MAIL_LIMITS.perAddress + 1 },
        { count: perIp.count, resetAt: resetAt(perIp), limit: MAIL_LIMITS.perIp + 1 },
      ],
      now,
    );
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
