import { hkdfSync } from 'node:crypto';
import { hmacHex, safeEqual } from './tokens';

/** Verification links stay valid this long (docs/api.md "Accounts"). */
export const VERIFICATION_TTL_MS = 60 * 60 * 1000;

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signs and checks e-mail verification links: `{APP_URL}/email/verify/{id}?expires={unix}&signature={hex}`,
 * an HMAC-SHA256 over the user id, the address and the expiry. Signing the address means a link sent to an
 * old address stops working once the address changes. The key is derived from the server secret, so it is
 * never the JWT key itself.
 */
export class VerificationLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly appUrl: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', 'footfall e-mail verification', 32));
  }

  private sign(userId: number, email: string, expires: number): string {
    return hmacHex(this.key, `${userId}|${email.toLowerCase()}|${expires}`);
  }

  create(userId: number, email: string, now: Date): string {
    const expires = Math.floor((now.getTime() + VERIFICATION_TTL_MS) / 1000);
    const signature = this.sign(userId, email, expires);
    return `${this.appUrl}/email/verify/${userId}?expires=${expires}&signature=${signature}`;
  }

  check(userId: number, email: string, expires: string, signature: string, now: Date): LinkCheck {
    if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
    if (!safeEqual(this.sign(userId, email, Number(expires)), signature)) return 'invalid';
    return Number(expires) * 1000 < now.getTime() ? 'expired' : 'valid';
  }
}
