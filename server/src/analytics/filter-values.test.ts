import { describe, expect, it } from 'vitest';
import { filterMatcher, parseFilter, plainValue } from './filter-values';

describe('parseFilter', () => {
  it('reads is, is not, contains and alternatives', () => {
    expect(parseFilter('/pricing')).toEqual({ negate: false, contains: false, alternatives: ['/pricing'] });
    expect(parseFilter('!/admin*')).toEqual({ negate: true, contains: false, alternatives: ['/admin*'] });
    expect(parseFilter('US|DE')).toEqual({ negate: false, contains: false, alternatives: ['US', 'DE'] });
    expect(parseFilter('~goo')).toEqual({ negate: false, contains: true, alternatives: ['goo'] });
    expect(parseFilter('!~bot|spider')).toEqual({
      negate: true,
      contains: true,
      alternatives: ['bot', 'spider'],
    });
  });

  it('takes escaped operators literally', () => {
    expect(parseFilter('\\!important')?.alternatives).toEqual(['!important']);
    expect(parseFilter('a\\|b')?.alternatives).toEqual(['a|b']);
    expect(parseFilter('\\~x|y\\\\z')?.alternatives).toEqual(['~x', 'y\\z']);
    expect(parseFilter('a\\b')?.alternatives).toEqual(['a\\b']);
    expect(plainValue(parseFilter('\\!important'))).toBe('!important');
  });

  it('names nothing when empty or with an empty alternative', () => {
    for (const raw of ['', '!', '~', '!~', 'a|', '|a', 'a||b']) expect(parseFilter(raw)).toBeUndefined();
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
