import { describe, expect, it } from 'vitest';
import { email, url } from './rules-addresses';
import { type SyncRule, validateFieldSync } from './rules-core';

function check(rule: SyncRule, value: unknown): string | null {
  return validateFieldSync([rule], value, { label: 'name' });
}

function passes(rule: SyncRule, value: unknown): boolean {
  return check(rule, value) === null;
}

describe('email', () => {
  it('accepts practical addresses', () => {
    for (const value of ['ada@example.com', 'first.last+tag@mail.example.co.uk', 'zoë@exämple.de']) {
      expect(passes(email(), value)).toBe(true);
    }
  });

  it('rejects addresses without one @, with spaces, or without a dotted domain and TLD', () => {
    for (const value of [
      'ada.example.com',
      'a@b@example.com',
      'ada @example.com',
      'ada@example',
      'ada@.com',
    ]) {
      expect(check(email(), value)).toBe('The name field must be a valid email');
    }
    expect(passes(email(), 'ada@example.c')).toBe(false);
    expect(passes(email(), 'ada@-example.com')).toBe(false);
  });

  it('lets an empty value through', () => {
    expect(passes(email(), '')).toBe(true);
  });
});

describe('url', () => {
  it('accepts http and https URLs with a host', () => {
    for (const value of ['https://example.com', 'http://localhost:3000/a?b=c#d', 'HTTPS://EXAMPLE.COM']) {
      expect(passes(url(), value)).toBe(true);
    }
  });

  it('rejects other schemes, missing slashes, spaces and text that is not a URL', () => {
    for (const value of [
      'ftp://example.com',
      'javascript:alert(1)',
      'http:example.com',
      ' https://a.com',
      'a.com',
    ]) {
      expect(check(url(), value)).toBe('The name field is not a valid URL');
    }
    expect(passes(url(), 'http://')).toBe(false);
  });
});

describe('optional fields', () => {
  it('both rules let a blank value through and fail on a value that is neither text nor a number', () => {
    for (const rule of [email(), url()]) {
      for (const value of ['', '  ', null, undefined]) expect(passes(rule, value)).toBe(true);
      expect(passes(rule, true)).toBe(false);
    }
  });
});
