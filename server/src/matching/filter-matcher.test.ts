import { parseFilter } from '@footfall/contract/rules';
import { describe, expect, it } from 'vitest';
import { filterMatcher, plainValue } from './filter-matcher';

describe('plainValue', () => {
  it('is the one text of a plain "is", escapes read', () => {
    expect(plainValue(parseFilter('\\!important'))).toBe('!important');
    expect(plainValue(parseFilter('!US'))).toBeUndefined();
    expect(plainValue(parseFilter('US|DE'))).toBeUndefined();
  });
});

describe('filterMatcher', () => {
  it('matches any alternative, negates, and contains in any case', () => {
    const either = filterMatcher(parseFilter('US|DE') as never, 'exact');
    expect(['US', 'DE', 'FR'].map(either)).toEqual([true, true, false]);
    const not = filterMatcher(parseFilter('!US|DE') as never, 'exact');
    expect(['US', 'DE', 'FR'].map(not)).toEqual([false, false, true]);
    const google = filterMatcher(parseFilter('~GOO') as never, 'exact');
    expect(['Google', 'DuckDuckGo', 'goodreads.com'].map(google)).toEqual([true, false, true]);
  });

  it("keeps a field's own comparison for whole values", () => {
    const notAdmin = filterMatcher(parseFilter('!/admin*') as never, 'page');
    expect(['/admin', '/admin/users', '/pricing'].map(notAdmin)).toEqual([false, false, true]);
    expect(plainValue(parseFilter('/admin*'))).toBe('/admin*');
    const pages = filterMatcher(parseFilter('/a|/docs*|/b') as never, 'page');
    expect(['/a', '/b', '/docs/x', '/ab', '/doc'].map(pages)).toEqual([true, true, true, false, false]);
    const referrers = filterMatcher(parseFilter('news.ycombinator.com|x/y') as never, 'referrer');
    expect(
      ['news.ycombinator.com/item', 'news.ycombinator.com', 'x/y', 'news.ycombinator.co'].map(referrers),
    ).toEqual([true, true, false, false]);
    expect(plainValue(parseFilter('!/a'))).toBeUndefined();
    expect(plainValue(parseFilter('a|b'))).toBeUndefined();
  });
});
