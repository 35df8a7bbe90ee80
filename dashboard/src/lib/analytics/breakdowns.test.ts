import { countryName } from '@footfall/contract/format';
import { describe, expect, it } from 'vitest';
import { BREAKDOWN_INFO, countryCodeOf, displayValue, filterValueOf } from './breakdowns';

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
  });

  it('reads a country typed by its code or its name back as its code', () => {
    expect(countryCodeOf('de')).toBe('DE');
    expect(countryCodeOf(' Germany ')).toBe('DE');
    expect(countryCodeOf('united states')).toBe('US');
    expect(countryCodeOf('Atlantis')).toBeUndefined();
    expect(countryCodeOf('')).toBeUndefined();
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

describe('filterValueOf and operators', () => {
  it("escapes the filters' operators in a clicked value, so it means exactly itself", () => {
    expect(filterValueOf('events', { value: 'Sign up | Pro', visitors: 1 })).toBe('Sign up \\| Pro');
    expect(filterValueOf('pages', { value: '!important', visitors: 1 })).toBe('\\!important');
  });
});
