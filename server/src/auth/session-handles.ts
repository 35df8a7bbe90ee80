import { createHash } from 'node:crypto';

/**
 * The public handle of a sign-in session: the first 96 bits of SHA-256 over its id. The id itself is what a
 * bearer token names, so it is never answered; the handle names a session to revoke and leads back to nothing.
 */
export function sessionHandle(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 24);
}
