import { CHECKOUT_SESSION_ID_PATTERN } from '@footfall/contract';
import { randomToken } from '../auth/tokens';

const SESSION_ID = new RegExp(CHECKOUT_SESSION_ID_PATTERN);

/**
 * `cs_` and 32 URL-safe characters (192 random bits). The id is the capability to read the session's status
 * and to confirm a test checkout, so it must be unguessable.
 */
export function newCheckoutSessionId(): string {
  return `cs_${randomToken(24)}`;
}

export function isCheckoutSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}
