import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token of `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens that grant something (password resets) are stored only as this digest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacHex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A company's public tracking key: 16 lower-case letters and digits (~82 bits), easy to read in a snippet.
 * Rejection sampling keeps every character equally likely.
 */
export function newTrackingKey(length = 16): string {
  let key = '';
  while (key.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && key.length < length) key += KEY_ALPHABET[byte % KEY_ALPHABET.length];
    }
  }
  return key;
}
