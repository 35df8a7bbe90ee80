import { hkdfSync } from 'node:crypto';
import { SHARED_ACCESS_TTL_MS } from '@footfall/contract';
import type { SharedLink } from '@footfall/db';
import { hmacHex, safeEqual } from '../auth/tokens';

/** Every access token starts with this, so that no one mistakes it for a session token or an API key. */
const PREFIX = 'ffs_';
const SHAPE = /^ffs_(\d{1,10})\.(\d{1,15})\.([0-9a-f]{64})$/;

export interface SharedAccess {
  token: string;
  expiresAt: Date;
}

/**
 * Access tokens for password-protected shared links (docs/api.md "Shared links"):
 * `ffs_{link id}.{expiry in ms}.{HMAC}`, the HMAC over the link's id, its token, its password hash and the
 * expiry, with a key derived from the server secret (never the key that signs session tokens, so that one
 * can never pass for the other). Nothing is stored: the link's row is read on every request, so a revoked
 * link refuses its tokens at once, and a token names one link only.
 */
export class SharedAccessTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'footfall shared-link access', 32));
  }

  private sign(link: SharedLink, expiresMs: number): string {
    return hmacHex(this.key, `${link.id}|${link.token}|${link.passwordHash ?? ''}|${expiresMs}`);
  }

  /** A token valid for a day, and never beyond the link's own expiry. */
  issue(link: SharedLink, now: Date): SharedAccess {
    const dayLater = now.getTime() + SHARED_ACCESS_TTL_MS;
    const expiresMs = Math.min(dayLater, link.expiresAt?.getTime() ?? dayLater);
    return {
      token: `${PREFIX}${link.id}.${expiresMs}.${this.sign(link, expiresMs)}`,
      expiresAt: new Date(expiresMs),
    };
  }

  /** Whether `token` was issued for this link and has not expired. */
  admits(token: string, link: SharedLink, now: Date): boolean {
    const parts = SHAPE.exec(token);
    if (!parts) return false;
    const [, linkId, expires = '', signature = ''] = parts;
    if (Number(linkId) !== link.id || Number(expires) <= now.getTime()) return false;
    return safeEqual(this.sign(link, Number(expires)), signature);
  }
}
