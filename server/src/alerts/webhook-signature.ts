import { createHmac, randomBytes } from 'node:crypto';

/** The header that carries a webhook's signature (docs/api.md "Alerts and webhooks"). */
export const SIGNATURE_HEADER = 'Footfall-Signature';

/** A new webhook signing secret: `whsec_` and 32 random bytes in URL-safe base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, as Stripe signs its webhooks: the
 * timestamp inside the signed text lets a receiver refuse a replayed request, and `v1` leaves room for
 * another scheme without breaking receivers.
 */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
