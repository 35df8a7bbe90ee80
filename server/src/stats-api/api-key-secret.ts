import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '@footfall/contract';
import { newTrackingKey, sha256Hex } from '../auth/tokens';

/** Random characters after `ffk_`: 40 of 36 symbols is about 206 bits. */
const SECRET_CHARS = 40;
const SECRET_SHAPE = new RegExp(`^${API_KEY_PREFIX}[a-z0-9]{${SECRET_CHARS}}$`);

/**
 * A new stats-API secret: `ffk_` and 40 lower-case letters and digits (the tracking keys' unbiased
 * generator), with no `-` or `_` so that a double click selects all of it.
 */
export function newApiKeySecret(): string {
  return `${API_KEY_PREFIX}${newTrackingKey(SECRET_CHARS)}`;
}

/** Whether a bearer token has the shape of a secret; anything else is refused without a lookup. */
export function isApiKeySecret(token: string): boolean {
  return SECRET_SHAPE.test(token);
}

/** What is kept of the secret in the clear, to tell keys apart: `ffk_` + 8. */
export function apiKeyPrefix(secret: string): string {
  return secret.slice(0, API_KEY_SHOWN_CHARS);
}

/**
 * What is stored instead of the secret. A plain SHA-256 is right here, unlike for passwords: the secret
 * is 206 random bits, so there is no dictionary to try and a fast hash leaves nothing to guess, while a
 * deliberately slow hash (scrypt, argon2) would cost every API call tens of milliseconds. Being unsalted
 * and deterministic, it also lets a call find its key with one indexed equality lookup.
 */
export function hashApiKeySecret(secret: string): string {
  return sha256Hex(secret);
}
