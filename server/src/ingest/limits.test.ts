import { describe, expect, it } from 'vitest';
import { isAllowedHost } from './company-cache';
import { IpLimiter } from './limits';

describe('IpLimiter', () => {
  it('counts events per address in fixed windows and says how long to wait', () => {
    const limiter = new IpLimiter(10, 60_000);
    expect(limiter.hit('1.1.1.1', 8, 0)).toBe(0);
    expect(limiter.hit('1.1.1.1', 3, 20_000)).toBe(40_000);
    expect(limiter.hit('1.1.1.1', 2, 20_000)).toBe(0);
    expect(limiter.hit('2.2.2.2', 10, 20_000)).toBe(0);
    expect(limiter.hit('1.1.1.1', 10, 60_000)).toBe(0);
  });
});

describe('isAllowedHost', () => {
  it('admits any host when the list is empty, else the listed hosts and their subdomains', () => {
    expect(isAllowedHost('x.example', [])).toBe(true);
    expect(isAllowedHost('shop.example', ['shop.example'])).toBe(true);
    expect(isAllowedHost('www.shop.example', ['shop.example'])).toBe(true);
    expect(isAllowedHost('evilshop.example', ['shop.example'])).toBe(false);
    expect(isAllowedHost('shop.example.evil', ['shop.example'])).toBe(false);
  });
});
