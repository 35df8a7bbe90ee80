import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHash } from './recovery-codes';

describe('recovery codes', () => {
  it('come ten at a time as xxxx-xxxx-xx in base32 letters, all different', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{2}$/);
    expect(new Set(codes).size).toBe(10);
  });

  it('are read whatever their case, spaces and dashes, and nothing else is one', () => {
    expect(normalizeRecoveryCode(' ABCD efgh-23 ')).toBe('abcdefgh23');
    expect(normalizeRecoveryCode('abcd-efgh-23')).toBe('abcdefgh23');
    for (const bad of ['', 'abcd-efgh-2', 'abcd-efgh-234', 'abcd-efgh-01', 'abcd-efgh-2\u0000', '123456']) {
      expect(normalizeRecoveryCode(bad)).toBeNull();
    }
  });

  it('hash alike however typed, and differently for another account', () => {
    const hash = recoveryCodeHash('user:1', 'abcd-efgh-23');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash('user:1', 'ABCD EFGH 23')).toBe(hash);
    expect(recoveryCodeHash('admin:1', 'abcd-efgh-23')).not.toBe(hash);
  });
});
