import { describe, expect, it } from 'vitest';
import { pageCount, validateDirectorySearch, validatePageSearch } from './page-search';

describe('validatePageSearch', () => {
  it('keeps a page from 2 up and drops the first page, zero, negatives, decimals and words', () => {
    expect(validatePageSearch({ page: '3' })).toEqual({ page: 3 });
    expect(validatePageSearch({ page: 3 })).toEqual({ page: 3 });
    expect(validatePageSearch({ page: String(2 ** 31) })).toEqual({});
    for (const page of ['1', '0', '-2', '2.5', 'two', '', '01'])
      expect(validatePageSearch({ page })).toEqual({});
  });
});

describe('validateDirectorySearch', () => {
  it('trims the search, drops an empty one and cuts a long one at 100 characters', () => {
    expect(validateDirectorySearch({ q: '  shop ', page: '2' })).toEqual({ q: 'shop', page: 2 });
    expect(validateDirectorySearch({ q: '   ' })).toEqual({});
    expect(validateDirectorySearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });
});

describe('pageCount', () => {
  it('counts whole pages, and one page for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
