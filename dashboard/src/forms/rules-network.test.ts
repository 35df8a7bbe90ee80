import { describe, expect, it } from 'vitest';
import { type SyncRule, validateFieldSync } from './rules-core';
import { ip, ip_or_fqdn } from './rules-network';

function check(rule: SyncRule, value: unknown): string | null {
  return validateFieldSync([rule], value, { label: 'host' });
}

function passes(rule: SyncRule, value: unknown): boolean {
  return check(rule, value) === null;
}

const IPV4 = ['0.0.0.0', '1.2.3.4', '10.0.0.1', '192.168.100.200', '255.255.255.255'];
const BAD_IPV4 = [
  '256.1.1.1',
  '01.2.3.4',
  '1.2.3.04',
  '1.2.3',
  '1.2.3.4.5',
  '1.2.3.',
  '1..2.3',
  '-1.2.3.4',
  ' 1.2.3.4',
];
const IPV6 = [
  '::',
  '::1',
  '2001:db8::1',
  '2001:0db8:0000:0000:0000:ff00:0042:8329',
  'fe80::',
  'FE80::1:2',
  '1:2:3:4:5:6:7::',
  '::ffff:1.2.3.4',
  '64:ff9b::192.0.2.33',
  '1:2:3:4:5:6:1.2.3.4',
];
const BAD_IPV6 = [
  ':::',
  '1::2::3',
  '2001:db8:::1',
  '1:2:3:4:5:6:7',
  '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7::8',
  '12345::',
  'g::1',
  ':1:2:3:4:5:6:7',
  '::ffff:256.1.1.1',
  '::ffff:1.2.3',
  '1:2:3:4:5:6:7:1.2.3.4',
  '::1.2.3.4:5',
];

describe('ip', () => {
  it('accepts IPv4 addresses from 0.0.0.0 to 255.255.255.255', () => {
    for (const value of IPV4) expect(passes(ip(), value)).toBe(true);
  });

  it('rejects octets over 255, leading zeros and the wrong number of octets', () => {
    for (const value of BAD_IPV4)
      expect(check(ip(), value)).toBe('The host field must be a valid ip address');
  });

  it('accepts full, compressed and IPv4-mapped IPv6 addresses', () => {
    for (const value of IPV6) expect(passes(ip(), value)).toBe(true);
  });

  it('rejects IPv6 addresses with two gaps, the wrong number of groups or bad groups', () => {
    for (const value of BAD_IPV6) expect(passes(ip(), value)).toBe(false);
  });

  it('accepts one version only when asked to', () => {
    expect(passes(ip(4), '1.2.3.4')).toBe(true);
    expect(passes(ip(4), '::1')).toBe(false);
    expect(passes(ip(6), '::1')).toBe(true);
    expect(passes(ip(6), '1.2.3.4')).toBe(false);
  });

  it('rejects domain names', () => {
    expect(passes(ip(), 'example.com')).toBe(false);
  });
});

describe('ip_or_fqdn', () => {
  it('accepts IP addresses', () => {
    for (const value of [...IPV4, ...IPV6]) expect(passes(ip_or_fqdn(), value)).toBe(true);
  });

  it('accepts fully qualified domain names, with or without the root’s trailing dot', () => {
    for (const value of [
      'example.com',
      'a.b.c.example.co.uk',
      'xn--bcher-kva.example',
      'my-host.local.',
      '1a.io',
    ]) {
      expect(passes(ip_or_fqdn(), value)).toBe(true);
    }
  });

  it('rejects single labels, empty labels, bad hyphens, underscores and all-digit TLDs', () => {
    const bad = [
      'localhost',
      'example..com',
      '.example.com',
      '-a.com',
      'a-.com',
      'my_host.com',
      'a.123',
      '1.2.3',
    ];
    for (const value of bad) {
      expect(check(ip_or_fqdn(), value)).toBe('The host field must be a valid ip address or FQDN');
    }
    expect(passes(ip_or_fqdn(), '256.1.1.1')).toBe(false);
    expect(passes(ip_or_fqdn(), 'example.com..')).toBe(false);
  });

  it('accepts labels of 63 characters but not 64', () => {
    expect(passes(ip_or_fqdn(), `${'a'.repeat(63)}.com`)).toBe(true);
    expect(passes(ip_or_fqdn(), `${'a'.repeat(64)}.com`)).toBe(false);
  });

  it('accepts names of 253 characters but not 254', () => {
    const name = (length: number) => `${'a.'.repeat((length - 3) / 2)}com`;
    expect(name(253)).toHaveLength(253);
    expect(passes(ip_or_fqdn(), name(253))).toBe(true);
    expect(passes(ip_or_fqdn(), `${name(253)}.`)).toBe(true);
    expect(passes(ip_or_fqdn(), `b${name(253)}`)).toBe(false);
  });

  it('lets an empty value through', () => {
    expect(passes(ip_or_fqdn(), '')).toBe(true);
    expect(passes(ip(), null)).toBe(true);
  });
});
