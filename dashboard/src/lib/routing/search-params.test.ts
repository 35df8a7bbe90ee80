import { describe, expect, it } from 'vitest';
import { isSameSitePath, parseSearch, stringifySearch } from './search-params';

describe('parseSearch', () => {
  it('keeps every value as the text it was in the URL', () => {
    expect(parseSearch('?page=404&on=true&sig=12e45&q=%2Fdocs%2A')).toEqual({
      page: '404',
      on: 'true',
      sig: '12e45',
      q: '/docs*',
    });
  });

  it('keeps the last of a repeated name', () => {
    expect(parseSearch('?a=1&a=2')).toEqual({ a: '2' });
  });
});

describe('stringifySearch', () => {
  it('writes values as text and leaves out empty ones', () => {
    expect(stringifySearch({ period: '7d', from: undefined, to: null, page: '', n: 3 })).toBe(
      '?period=7d&n=3',
    );
    expect(stringifySearch({})).toBe('');
  });

  it('round-trips with parseSearch', () => {
    const search = { page: '/docs/a b', source: 'Direct / None', sig: '00e1' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});

describe('isSameSitePath', () => {
  it('accepts paths of this site', () => {
    expect(isSameSitePath('/dashboard/3?period=7d')).toBe(true);
    expect(isSameSitePath('/')).toBe(true);
  });

  it('refuses other sites, schemes and anything that is not a path', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      'home',
      3,
      undefined,
    ]) {
      expect(isSameSitePath(value)).toBe(false);
    }
  });
});
