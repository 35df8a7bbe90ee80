import { describe, expect, it } from 'vitest';
import { sessionNetwork } from './session-network';

describe('sessionNetwork', () => {
  it('answers the /24 of an IPv4 address', () => {
    expect(sessionNetwork('203.0.113.77')).toBe('203.0.113.0/24');
  });

  it('answers the /48 of an IPv6 address, in its shortest form', () => {
    expect(sessionNetwork('2001:db8:abcd:12:3456:789a:bcde:f012')).toBe('2001:db8:abcd::/48');
    expect(sessionNetwork('2001:0db8:0000:0012::1')).toBe('2001:db8::/48');
  });

  it('treats an IPv4 address written as IPv6 as the IPv4 one', () => {
    expect(sessionNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('answers a network already cut the same way, so a stored one reads as it was stored', () => {
    expect(sessionNetwork('198.51.100.0')).toBe('198.51.100.0/24');
    expect(sessionNetwork('2001:db8:abcd::')).toBe('2001:db8:abcd::/48');
  });

  it('answers null for a missing or unknown address', () => {
    expect(sessionNetwork(null)).toBeNull();
    expect(sessionNetwork(undefined)).toBeNull();
    expect(sessionNetwork('')).toBeNull();
    expect(sessionNetwork('unknown')).toBeNull();
    expect(sessionNetwork('203.0.113.0/24')).toBeNull();
  });
});
