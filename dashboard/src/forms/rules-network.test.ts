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

  it('rejects names whose last label is a number in another base, which a URL parser reads as IPv4', () => {
    for (const value of ['0x7f.0.0.0x1', '0x7f.0.0.0x1.', 'a.0x1', 'example.0X1F', 'a.0x', '0x7f.1']) {
      expect(check(ip_or_fqdn(), value)).toBe('The host field must be a valid ip address or FQDN');
    }
    for (const value of ['0x7f.example.com', 'a.0xg', 'example.xn--p1ai']) {
      expect(passes(ip_or_fqdn(), value)).toBe(true);
    }
  });

  it('accepts only hosts that a URL parser reads as written, on generated dotted names', () => {
    const labels = [
      '0',
      '1',
      '07',
      '08',
      '127',
      '256',
      '4294967295',
      '0x',
      '0X1f',
      '0x7f',
      '0xg',
      'a',
      'xn--p1ai',
    ];
    const random = seededRandom(20_240_611);
    const pick = () => labels[Math.floor(random() * labels.length)] ?? '';
    let accepted = 0;
    for (let sample = 0; sample < 20_000; sample++) {
      const count = 1 + Math.floor(random() * 4);
      const host = Array.from({ length: count }, pick).join('.') + (random() < 0.2 ? '.' : '');
      if (!passes(ip_or_fqdn(), host)) continue;
      accepted++;
      expect([host, hostnameOf(host)]).toEqual([host, host.toLowerCase()]);
    }
    // The labels are chosen so that many names pass; a property that holds on none proves nothing.
    expect(accepted).toBeGreaterThan(2_000);
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

/** The host as the URL parser reads it, or `null` when it refuses it. */
function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
