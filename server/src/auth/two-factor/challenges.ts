import type { TwoFactorPending } from '@footfall/contract';
import type { TwoFactorChallenge, TwoFactorChallengePurpose } from '@footfall/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { AccountKind } from '../sessions';
import { randomToken, sha256Hex } from '../tokens';
import { twoFactorMessages as text } from './messages';

/** A sign-in's second step must follow its first within minutes (docs/api.md "Two-factor sign-in"). */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Enrolling takes longer: installing an app, scanning, typing the first code. */
export const SETUP_CHALLENGE_TTL_MS = 15 * 60 * 1000;
/** Wrong codes one challenge takes before it is spent and the password must be given again. */
export const MAX_WRONG_CODES = 5;

/** 410: the challenge is unknown, expired, spent or out of tries; only a new sign-in helps. */
const gone = (message: string) => new AppError(410, message);

/**
 * The password step's answer when a second step is needed: a random challenge (stored as its digest)
 * naming the account and the "remember me" choice, for one use within its lifetime.
 */
export async function issueChallenge(
  app: FastifyInstance,
  kind: AccountKind,
  subjectId: number,
  purpose: TwoFactorChallengePurpose,
  remember: boolean,
): Promise<TwoFactorPending> {
  const challenge = randomToken(32);
  const now = app.now();
  const ttl = purpose === 'sign_in' ? SIGN_IN_CHALLENGE_TTL_MS : SETUP_CHALLENGE_TTL_MS;
  const expiresAt = new Date(now.getTime() + ttl);
  const tokenHash = sha256Hex(challenge);
  await app.repos.twoFactorChallenges.create({
    kind,
    subjectId,
    tokenHash,
    purpose,
    remember,
    expiresAt,
    now,
  });
  return {
    success: false,
    message: purpose === 'sign_in' ? text.codeRequired : text.setupRequired,
    data: {
      status: purpose === 'sign_in' ? 'two_factor_required' : 'two_factor_setup_required',
      challenge,
      expires_at: expiresAt.toISOString(),
    },
  };
}

/** The live challenge for `purpose`, or a 410 telling the caller to sign in again. */
export async function liveChallenge(
  app: FastifyInstance,
  kind: AccountKind,
  token: string,
  purpose: TwoFactorChallengePurpose,
): Promise<TwoFactorChallenge> {
  const found = await app.repos.twoFactorChallenges.findByHash(kind, sha256Hex(token));
  const live =
    found &&
    found.purpose === purpose &&
    found.usedAt === null &&
    found.attempts < MAX_WRONG_CODES &&
    found.expiresAt.getTime() > app.now().getTime();
  if (!found || !live) throw gone(text.challengeGone);
  return found;
}

/** A typed code that proved wrong: the 422 that a check throws. */
const isWrongCode = (error: unknown) => error instanceof AppError && error.statusCode === 422;

/**
 * Runs a check of a typed code under the per-IP limit of wrong codes, counted before the check (docs/api.md
 * "Limits that hold under attack"): refused while the address has spent them; the count is taken back
 * unless the code proved wrong.
 */
export async function countingWrongCodes<R>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: AccountKind,
  check: () => Promise<R>,
): Promise<R> {
  const guess = await app.throttle.countTwoFactorCode(kind, request.ip);
  let wrong = false;
  try {
    return await check();
  } catch (error) {
    wrong = isWrongCode(error) || error instanceof WrongCodeEnd;
    throw error instanceof WrongCodeEnd ? error.answer : error;
  } finally {
    if (!wrong) await guess.release();
  }
}

/** A wrong code that also ended its challenge: counted as wrong, answered with `answer`. */
class WrongCodeEnd extends Error {
  constructor(readonly answer: AppError) {
    super(answer.message);
  }
}

/**
 * Redeems a challenge with a code that `prove` checks (throwing a 422 when it is wrong), under the
 * per-IP limit of wrong codes. Each code counts against the challenge before it is checked, so that of
 * codes sent at once only the first five are checked, and the challenge dies at the fifth wrong one; a
 * right one spends the challenge, once, even when two requests race with it.
 */
export async function redeemChallenge<R>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: AccountKind,
  token: string,
  purpose: TwoFactorChallengePurpose,
  prove: (challenge: TwoFactorChallenge) => Promise<R>,
): Promise<{ challenge: TwoFactorChallenge; proved: R }> {
  const challenges = app.repos.twoFactorChallenges;
  return countingWrongCodes(app, request, kind, async () => {
    const challenge = await liveChallenge(app, kind, token, purpose);
    const attempt = await challenges.countAttempt(challenge.id);
    if (attempt > MAX_WRONG_CODES) throw gone(text.tooManyWrongCodes);
    let proved: R;
    try {
      proved = await prove(challenge);
    } catch (error) {
      if (!isWrongCode(error) || attempt < MAX_WRONG_CODES) throw error;
      await challenges.spend(challenge.id, app.now());
      throw new WrongCodeEnd(gone(text.tooManyWrongCodes));
    }
    if (!(await challenges.spend(challenge.id, app.now()))) throw gone(text.challengeGone);
    return { challenge, proved };
  });
}
