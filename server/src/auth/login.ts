import { messages } from '@footfall/contract';
import type { Admin as AdminRow, User as UserRow } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import { fieldError } from '../errors';
import type { App } from '../types';
import { type AccountRow, accountsOf } from './accounts';
import { verifyAgainstDecoy, verifyPassword } from './passwords';
import type { AccountKind } from './sessions';

/** What signing in reads of the app. */
type LoginDeps = Pick<App, 'repos' | 'throttle'>;

/**
 * Checks an e-mail and password under the login limits (docs/api.md "Accounts"). Wrong credentials are one answer,
 * whichever part was wrong, and take as long either way. Each attempt is counted before the
 * check and taken back when it proves right, so that only wrong credentials use the limits, however many
 * attempts arrive at once.
 */
export async function checkCredentials(
  app: LoginDeps,
  request: FastifyRequest,
  kind: 'user',
  email: string,
  password: string,
): Promise<UserRow>;
export async function checkCredentials(
  app: LoginDeps,
  request: FastifyRequest,
  kind: 'admin',
  email: string,
  password: string,
): Promise<AdminRow>;
export async function checkCredentials(
  app: LoginDeps,
  request: FastifyRequest,
  kind: AccountKind,
  email: string,
  password: string,
): Promise<AccountRow> {
  const attempt = await app.throttle.countLoginAttempt(kind, email, request.ip);
  const account = await accountsOf(app, kind).findByEmail(email);
  const matches = account
    ? await verifyPassword(password, account.passwordHash)
    : await verifyAgainstDecoy(password);
  if (!account || !matches) throw fieldError('email', messages.badCredentials);
  await attempt.release();
  return account;
}

/** The answer of a successful sign-in, for users and admins alike (docs/api.md "Accounts" and "Admin accounts"). */
export function signedIn<T>(session: { token: string; expiresAt: Date }, user: T) {
  return {
    success: true as const,
    message: 'Signed in.',
    data: {
      token: session.token,
      token_type: 'Bearer' as const,
      expires_at: session.expiresAt.toISOString(),
      user,
    },
  };
}
