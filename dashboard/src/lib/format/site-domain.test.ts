import { describe, expect, it } from 'vitest';
import { siteDomain } from './site-domain';

describe('siteDomain', () => {
  it('reads the host out of a domain, a URL or a URL with a path, lower-cased', () => {
    expect(siteDomain('example.com')).toBe('example.com');
    expect(siteDomain(' Shop.Example.COM ')).toBe('shop.example.com');
    expect(siteDomain('https://www.example.com/pricing?x=1')).toBe('www.example.com');
    expect(siteDomain('http://example.org:8080/')).toBe('example.org');
    expect(siteDomain('example.com.')).toBe('example.com');
  });

  it('answers undefined for what names no host', () => {
    expect(siteDomain('')).toBeUndefined();
    expect(siteDomain('localhost')).toBeUndefined();
    expect(siteDomain('not a domain')).toBeUndefined();
    expect(siteDomain('https://')).toBeUndefined();
  });
});
