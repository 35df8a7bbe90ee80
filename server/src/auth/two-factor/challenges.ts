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

/**
 * Runs a check of a typed code under the per-IP limit of wrong codes: refused while the address has spent
 * them, and a wrong code (a 422 from `check`) counted before it is thrown on.
 */
export async function countingWrongCodes<R>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: AccountKind,
  check: () => Promise<R>,
  onWrong?: () => Promise<void>,
): Promise<R> {
  await app.throttle.assertTwoFactorAllowed(kind, request.ip);
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
    await app.throttle.recordTwoFactorFailure(kind, request.ip);
    await onWrong?.();
    throw error;
  }
}

/**
 * Redeems a challenge with a code that `prove` checks (throwing a 422 when it is wrong), under the
 * per-IP limit of wrong codes. A wrong code counts against the address and the challenge, which dies at
 * the fifth; a right one spends the challenge, once, even when two requests race with it.
 */
export async function redeemChallenge<R>(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: AccountKind,
  token: string,
  purpose: TwoFactorChallengePurpose,
  prove: (challenge: TwoFactorChallenge) => Promise<R>,
): Promise<{ challenge: TwoFactorChallenge; proved: R }> {
  await app.throttle.assertTwoFactorAllowed(kind, request.ip);
  const challenge = await liveChallenge(app, kind, token, purpose);
  const challenges = app.repos.twoFactorChallenges;
  const proved = await countingWrongCodes(
    app,
    request,
    kind,
    () => prove(challenge),
    async () => {
      if ((await challenges.countWrongCode(challenge.id)) < MAX_WRONG_CODES) return;
      await challenges.spend(challenge.id, app.now());
      throw gone(text.tooManyWrongCodes);
    },
  );
  if (!(await challenges.spend(challenge.id, app.now()))) throw gone(text.challengeGone);
  return { challenge, proved };
}
