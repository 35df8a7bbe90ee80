import { describe, expect, it } from 'vitest';
import {
  BREAKDOWN_INFO,
  countryName,
  displayFilterValue,
  displayValue,
  escapeFilterValue,
  filterValueOf,
} from './breakdowns';

describe('filterValueOf', () => {
  it('filters a referrer row by its host, which is what the referrer filter matches', () => {
    expect(filterValueOf('referrers', { value: 'news.ycombinator.com/item', visitors: 3 })).toBe(
      'news.ycombinator.com',
    );
    expect(filterValueOf('referrers', { value: 'example.com', visitors: 3 })).toBe('example.com');
  });

  it('filters other rows by their value', () => {
    expect(filterValueOf('pages', { value: '/docs/a', visitors: 1 })).toBe('/docs/a');
    expect(filterValueOf('countries', { value: 'DE', visitors: 1 })).toBe('DE');
  });
});

describe('display names', () => {
  it('names countries, languages and devices in English, and leaves the rest', () => {
    expect(countryName('de')).toBe('Germany');
    expect(displayValue('countries', 'GB')).toBe('United Kingdom');
    expect(displayValue('languages', 'fr-FR')).toBe('French (France)');
    expect(displayValue('devices', 'tablet')).toBe('Tablet');
    expect(displayValue('pages', '/pricing')).toBe('/pricing');
    expect(displayFilterValue('country', 'JP')).toBe('Japan');
    expect(displayFilterValue('browser', 'Firefox')).toBe('Firefox');
  });

  it('falls back to the code when it is unknown or malformed', () => {
    expect(countryName('Q9')).toBe('Q9');
    expect(countryName('not a code')).toBe('not a code');
  });
});

describe('BREAKDOWN_INFO', () => {
  it('gives every breakdown the count the API sends with it', () => {
    expect(BREAKDOWN_INFO.pages.count).toBe('pageviews');
    expect(BREAKDOWN_INFO.events.count).toBe('events');
    expect(BREAKDOWN_INFO.sources.count).toBe('visits');
    expect(BREAKDOWN_INFO.languages.filter).toBeUndefined();
  });
});

describe('escapeFilterValue', () => {
  it("writes the filters' operators escaped, so a clicked value means exactly itself, and reads them back", () => {
    expect(escapeFilterValue('/pricing')).toBe('/pricing');
    expect(escapeFilterValue('!important')).toBe('\\!important');
    expect(escapeFilterValue('~user')).toBe('\\~user');
    expect(escapeFilterValue('a|b\\c')).toBe('a\\|b\\\\c');
    expect(escapeFilterValue('a!b~c')).toBe('a!b~c');
    expect(filterValueOf('events', { value: 'Sign up | Pro', visitors: 1 })).toBe('Sign up \\| Pro');
    expect(displayFilterValue('event', escapeFilterValue('!a|b\\c'))).toBe('!a|b\\c');
  });
});
