import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyPrefix, hashApiKeySecret, isApiKeySecret, newApiKeySecret } from './api-key-secret';

describe('stats-API secrets', () => {
  it('are ffk_ and 40 lower-case letters and digits, different every time', () => {
    const secrets = new Set(Array.from({ length: 100 }, newApiKeySecret));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^ffk_[a-z0-9]{40}$/);
      expect(isApiKeySecret(secret)).toBe(true);
    }
  });

  it('keep their first 12 characters as the prefix', () => {
    expect(apiKeyPrefix('ffk_abcdefgh12345')).toBe('ffk_abcdefgh');
  });

  it('are stored as their SHA-256 in hex', () => {
    const secret = newApiKeySecret();
    expect(hashApiKeySecret(secret)).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('recognise only tokens of their shape', () => {
    const secret = newApiKeySecret();
    for (const token of [
      '',
      'ffk_',
      `${secret}x`,
      secret.toUpperCase(),
      `ffk_${'-'.repeat(40)}`,
      'eyJhbGciOi',
    ]) {
      expect(isApiKeySecret(token)).toBe(false);
    }
  });
});
