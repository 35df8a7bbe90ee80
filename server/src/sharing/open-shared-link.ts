import type { SharedLinkWithCompany } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import { notFound, unauthenticated } from '../errors';
import type { App } from '../types';

/** What opening a shared link reads of the app. */
type SharedLinkDeps = Pick<App, 'now' | 'repos' | 'sharedAccess'>;

/**
 * The link a token names, while it works: an unknown or revoked token (its row is gone), an expired link and
 * a link of a suspended company are all 404, alike, so that a refused viewer learns nothing of why.
 */
export async function openSharedLink(app: SharedLinkDeps, token: string): Promise<SharedLinkWithCompany> {
  const found = await app.repos.sharedLinks.findByToken(token);
  if (!found) throw notFound();
  const isExpired = found.link.expiresAt !== null && found.link.expiresAt.getTime() <= app.now().getTime();
  if (isExpired || found.company.suspendedAt !== null) throw notFound();
  return found;
}

function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** A password-protected link's views need the access token its unlock gave (401 without a good one). */
export function assertUnlocked(
  app: SharedLinkDeps,
  request: FastifyRequest,
  { link }: SharedLinkWithCompany,
): void {
  if (link.passwordHash === null) return;
  const token = bearerToken(request);
  if (token === undefined || !app.sharedAccess.admits(token, link, app.now())) throw unauthenticated();
}
