import { describe, expect, it } from 'vitest';
import { email, siteWebsite, url, website } from './rules-addresses';
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

  it('accepts punycode and internationalised domains, top-level ones included', () => {
    for (const value of [
      'a@example.xn--p1ai',
      'a@xn--e1afmkfd.xn--p1ai',
      'ada@हिन्दी.भारत',
      'a@x.xn--80asehdb',
    ]) {
      expect(passes(email(), value)).toBe(true);
    }
    for (const value of ['a@example.xn--', 'a@example.xn--p1ai-', 'a@example.xn-p1ai']) {
      expect(passes(email(), value)).toBe(false);
    }
  });

  it('rejects a local part with a leading, trailing or doubled dot', () => {
    for (const value of ['a..b@example.com', '.ab@example.com', 'ab.@example.com', '.@example.com']) {
      expect(check(email(), value)).toBe('The name field must be a valid email');
    }
    expect(passes(email(), 'a.b.c@example.com')).toBe(true);
  });

  it('rejects a domain label that is a fraction or a superscript rather than digits', () => {
    expect(passes(email(), 'a@mail2.example.com')).toBe(true);
    expect(passes(email(), 'a@mail½.example.com')).toBe(false);
    expect(passes(email(), 'a@mail².example.com')).toBe(false);
  });

  it('accepts a local part of 64 octets but not 65', () => {
    expect(passes(email(), `${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(passes(email(), `${'a'.repeat(65)}@example.com`)).toBe(false);
    // 'é' takes two octets in UTF-8.
    expect(passes(email(), `${'é'.repeat(32)}@example.com`)).toBe(true);
    expect(passes(email(), `${'é'.repeat(33)}@example.com`)).toBe(false);
  });

  it('accepts a domain label of 63 octets but not 64, measured in its punycode form', () => {
    expect(passes(email(), `a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(passes(email(), `a@${'b'.repeat(64)}.com`)).toBe(false);
    // 57 'ü' are written xn-- and 59 more characters, 58 of them one more.
    expect(passes(email(), `a@${'ü'.repeat(57)}.de`)).toBe(true);
    expect(passes(email(), `a@${'ü'.repeat(58)}.de`)).toBe(false);
  });

  it('accepts an address of 254 octets but not 255', () => {
    const address = (last: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}.com`;
    expect(address(57)).toHaveLength(254);
    expect(passes(email(), address(57))).toBe(true);
    expect(passes(email(), address(58))).toBe(false);
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

  it('rejects hosts that are empty, all dots or start with a dot, and hosts with an empty label', () => {
    for (const value of [
      'http://..',
      'http://.',
      'http://.com',
      'http://a..b.com',
      'http://%2e%2e/',
      'http://。com',
    ]) {
      expect(check(url(), value)).toBe('The name field is not a valid URL');
    }
    expect(passes(url(), 'http://example.com../')).toBe(false);
  });

  it('rejects slashes or backslashes beyond the two before the host', () => {
    for (const value of [
      'https:///example.com',
      'http:////example.com',
      'http://\\example.com',
      'http:///',
    ]) {
      expect(passes(url(), value)).toBe(false);
    }
  });

  it('accepts a host name ending in the root’s dot, and IP addresses', () => {
    for (const value of ['https://example.com./a', 'http://127.0.0.1:8080/', 'http://[::1]/']) {
      expect(passes(url(), value)).toBe(true);
    }
  });
});

describe('website', () => {
  it('takes a bare domain, with or without a path, as the https address "Add a site" stores', () => {
    expect(siteWebsite('ritabakery.com')).toBe('https://ritabakery.com');
    expect(siteWebsite(' shop.ritabakery.com/cakes?x=1 ')).toBe('https://shop.ritabakery.com/cakes?x=1');
    expect(siteWebsite('ritabakery.com:8443/')).toBe('https://ritabakery.com:8443/');
    expect(passes(website(), 'ritabakery.com')).toBe(true);
  });

  it('keeps an http or https URL as it is typed', () => {
    expect(siteWebsite('http://Ritabakery.com/Shop')).toBe('http://Ritabakery.com/Shop');
    expect(siteWebsite('https://localhost:3000/')).toBe('https://localhost:3000/');
  });

  it('refuses other schemes, names without a dot and text that names no host, saying what to type', () => {
    for (const value of [
      'ftp://example.com',
      'javascript:alert(1)',
      'mailto:a@b.com',
      'localhost',
      'a b.com',
    ]) {
      expect(siteWebsite(value), value).toBeUndefined();
      expect(check(website(), value)).toBe('The name field must be a domain such as example.com, or a URL');
    }
    for (const value of ['.com', 'a..b.com', '//example.com', 'https://'])
      expect(siteWebsite(value)).toBeUndefined();
  });
});

describe('optional fields', () => {
  it('both rules let a blank value through and fail on a value that is neither text nor a number', () => {
    for (const rule of [email(), url(), website()]) {
      for (const value of ['', '  ', null, undefined]) expect(passes(rule, value)).toBe(true);
      expect(passes(rule, true)).toBe(false);
    }
  });
});
