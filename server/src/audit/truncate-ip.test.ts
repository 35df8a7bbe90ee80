import { describe, expect, it } from 'vitest';
import { truncateIp } from './truncate-ip';

describe('truncateIp', () => {
  it('keeps the /24 of an IPv4 address, with its last number zeroed', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
  });

  it('treats an IPv4 address written as IPv6 as the IPv4 one', () => {
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
  });

  it('keeps the /48 of an IPv6 address', () => {
    expect(truncateIp('2001:db8:abcd:12:3456:789a:bcde:f012')).toBe('2001:db8:abcd::');
  });

  it('answers null for what is not an address', () => {
    expect(truncateIp(undefined)).toBeNull();
    expect(truncateIp('')).toBeNull();
    expect(truncateIp('not-an-address')).toBeNull();
  });
});
