import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@footfall/contract';
import { sha256Hex } from '../tokens';

/** RFC 4648's base32 letters, lower case: 10 of them carry 50 random bits, and none needs a shift key. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const LENGTH = 10;

function randomCode(): string {
  // 32 letters divide 256, so every byte maps to a letter with the same chance.
  return [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Shown as `xxxx-xxxx-xx`, the way people copy them onto paper. */
function grouped(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** A new set of recovery codes, as shown to the account (the digests are what is stored). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => grouped(randomCode()));
}

/** A typed recovery code in its stored form, whatever its case, spaces and dashes; null when it is none. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toLowerCase();
  return code.length === LENGTH && [...code].every((letter) => ALPHABET.includes(letter)) ? code : null;
}

/**
 * The digest stored for a code. 50 random bits make a salt pointless against guessing one code, but the
 * account goes into the digest so that no table of digests serves for every account at once.
 */
export function recoveryCodeHash(account: string, code: string): string {
  const normalized = normalizeRecoveryCode(code) ?? '';
  return sha256Hex(`${account}:${normalized}`);
}
