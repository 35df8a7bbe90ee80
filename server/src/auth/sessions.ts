import type { FastifyInstance, FastifyRequest } from 'fastify';
import { truncateIp } from '../audit/truncate-ip';
import { randomToken } from './tokens';

export type AccountKind = 'user' | 'admin';

/** A 24-hour session slides with use; "remember me" gives 365 days (docs/api.md "Conventions"). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * Writing on every request would turn each read into a write; a minute's precision is plenty. A use from
 * another network is written at once: it is what the owner needs to see to spot a stranger.
 */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionInfo {
  id: string;
  kind: AccountKind;
  subjectId: number;
  remember: boolean;
  expiresAt: Date;
}

interface TokenClaims {
  sid: string;
  kind: AccountKind;
}

function isClaims(value: unknown): value is TokenClaims {
  const claims = value as Partial<TokenClaims> | null;
  return (
    typeof claims?.sid === 'string' &&
    (claims.kind === 'user' || claims.kind === 'admin') &&
    claims.sid !== ''
  );
}

/**
 * Database-backed sessions behind signed bearer tokens. The JWT only names the session; the session row
 * decides, so logout, password changes and resets revoke a token at once.
 */
export function createSessionService(app: FastifyInstance) {
  const { repos } = app;

  async function issue(request: FastifyRequest, kind: AccountKind, subjectId: number, remember: boolean) {
    const now = app.now();
    const id = randomToken(32);
    const expiresAt = new Date(now.getTime() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS));
    await repos.authSessions.create({
      id,
      kind,
      userId: kind === 'user' ? subjectId : null,
      adminId: kind === 'admin' ? subjectId : null,
      remember,
      expiresAt,
      // Only the network, never the address (docs/api.md "Sessions"): it is all the sessions list shows.
      ip: truncateIp(request.ip),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
    });
    const token = app.jwt.sign({ sid: id, kind } satisfies TokenClaims);
    return { token, expiresAt };
  }

  /**
   * The live session a bearer token names, or null for any bad, expired or revoked token; a use from
   * `address` (the caller's) is recorded.
   */
  async function resolve(token: string, address: string | undefined): Promise<SessionInfo | null> {
    let claims: unknown;
    try {
      claims = app.jwt.verify(token);
    } catch {
      return null;
    }
    if (!isClaims(claims)) return null;
    const now = app.now();
    const row = await repos.authSessions.findActive(claims.sid, now);
    const subjectId = claims.kind === 'user' ? row?.userId : row?.adminId;
    if (!row || row.kind !== claims.kind || subjectId == null) return null;
    let expiresAt = row.expiresAt;
    const network = truncateIp(address);
    if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS || network !== row.lastUsedIp) {
      if (!row.remember) expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await repos.authSessions.touch(row.id, { at: now, ip: network, expiresAt });
    }
    return { id: row.id, kind: row.kind as AccountKind, subjectId, remember: row.remember, expiresAt };
  }

  return { issue, resolve };
}

export type SessionService = ReturnType<typeof createSessionService>;
