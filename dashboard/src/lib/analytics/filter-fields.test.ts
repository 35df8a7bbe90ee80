import { describe, expect, it } from 'vitest';
import {
  conditionProblem,
  describeFilter,
  FILTER_FIELDS,
  fieldLabel,
  fieldOf,
  isValidFilter,
  matchingSuggestions,
  nameOf,
  operatorsFor,
  suggestionsFor,
} from './filter-fields';

const GOALS = [
  { id: 3, name: 'Signup' },
  { id: 8, name: 'Read the docs' },
];

describe('describeFilter', () => {
  it('reads a filter as a sentence, with names for codes and alternatives joined by or', () => {
    expect(describeFilter('country', '!US|DE')?.text).toBe('Country is not United States or Germany');
    expect(describeFilter('page', '~blog')?.text).toBe('Page contains blog');
    expect(describeFilter('source', '!~goo|bing')?.text).toBe('Source does not contain goo or bing');
    expect(describeFilter('device', 'mobile')?.text).toBe('Device is Mobile');
    expect(describeFilter('event', '\\!important|a\\|b')?.text).toBe('Custom event is !important or a|b');
  });

  it("names goals by the site's goals, and properties by their key", () => {
    expect(describeFilter('goal', '3', GOALS)?.text).toBe('Goal is Signup');
    expect(describeFilter('goal', '!3|8', GOALS)?.text).toBe('Goal is not Signup or Read the docs');
    expect(describeFilter('goal', '5', GOALS)?.text).toBe('Goal is #5');
    expect(describeFilter('prop:plan', 'pro')?.text).toBe('Property plan is pro');
  });

  it('keeps the parts apart for the pill to set in type, and refuses what names nothing', () => {
    expect(describeFilter('country', '!US|DE')).toEqual({
      field: 'Country',
      operator: 'is not',
      values: ['United States', 'Germany'],
      text: 'Country is not United States or Germany',
    });
    expect(describeFilter('page', 'a||b')).toBeUndefined();
  });
});

describe('fields and names', () => {
  it('tells a property filter by its key and builds the name back', () => {
    expect(fieldOf('prop:plan')).toEqual({ field: 'prop', propKey: 'plan' });
    expect(fieldOf('country')).toEqual({ field: 'country', propKey: '' });
    expect(nameOf('prop', 'plan')).toBe('prop:plan');
    expect(nameOf('utm_source', 'ignored')).toBe('utm_source');
    expect(fieldLabel('prop:plan')).toBe('Property plan');
    expect(fieldLabel('os')).toBe('Operating system');
  });

  it('offers every filter of the API and properties', () => {
    expect(FILTER_FIELDS).toHaveLength(16);
    expect(FILTER_FIELDS).toContain('goal');
    expect(FILTER_FIELDS).toContain('prop');
  });

  it('offers "contains" where a part of a value means something, and keeps the operator a filter has', () => {
    expect(operatorsFor('page')).toEqual(['is', 'is_not', 'contains', 'does_not_contain']);
    expect(operatorsFor('goal')).toEqual(['is', 'is_not']);
    expect(operatorsFor('device')).toEqual(['is', 'is_not']);
    expect(operatorsFor('device', 'contains')).toEqual(['is', 'is_not', 'contains']);
  });
});

describe('conditionProblem', () => {
  it('takes what the API takes', () => {
    expect(conditionProblem('country', { operator: 'is_not', values: ['US', 'de'] })).toBeUndefined();
    expect(conditionProblem('country', { operator: 'contains', values: ['united'] })).toBeUndefined();
    expect(conditionProblem('goal', { operator: 'is', values: ['3', '8'] })).toBeUndefined();
    expect(conditionProblem('prop:plan', { operator: 'is', values: ['pro'] })).toBeUndefined();
  });

  it('says what is wrong with the rest', () => {
    expect(conditionProblem('page', { operator: 'is', values: [] })).toBe('Add at least one value.');
    expect(conditionProblem('country', { operator: 'is', values: ['Germany'] })).toMatch(/two-letter code/);
    expect(conditionProblem('device', { operator: 'is', values: ['phone'] })).toMatch(/desktop, mobile/);
    expect(conditionProblem('goal', { operator: 'contains', values: ['3'] })).toMatch(/is not/);
    expect(conditionProblem('goal', { operator: 'is', values: ['Signup'] })).toMatch(/from the list/);
    expect(conditionProblem('prop:', { operator: 'is', values: ['pro'] })).toBe('Name the property.');
    expect(conditionProblem(`prop:${'k'.repeat(301)}`, { operator: 'is', values: ['x'] })).toMatch(/300/);
    expect(
      conditionProblem('page', { operator: 'is', values: ['x'.repeat(1000), 'y'.repeat(1000)] }),
    ).toMatch(/2000/);
  });

  it('checks a raw value from a URL the same way', () => {
    expect(isValidFilter('country', '!US|DE')).toBe(true);
    expect(isValidFilter('country', 'Germany')).toBe(false);
    expect(isValidFilter('page', '')).toBe(false);
    expect(isValidFilter('page', 42)).toBe(false);
  });
});

describe('suggestions', () => {
  const breakdowns = {
    countries: [
      { value: 'DE', visitors: 9 },
      { value: 'US', visitors: 4 },
    ],
    referrers: [
      { value: 'news.ycombinator.com/item', visitors: 5 },
      { value: 'news.ycombinator.com/news', visitors: 2 },
      { value: 'example.com', visitors: 1 },
    ],
    pages: [{ value: '/blog', visitors: 3 }],
  };

  it("come from the field's breakdown rows already loaded", () => {
    expect(suggestionsFor('country', breakdowns)).toEqual([
      { value: 'DE', label: 'Germany (DE)' },
      { value: 'US', label: 'United States (US)' },
    ]);
    expect(suggestionsFor('page', breakdowns)).toEqual([{ value: '/blog', label: '/blog' }]);
    expect(suggestionsFor('hostname', breakdowns)).toEqual([]);
    expect(suggestionsFor('browser', breakdowns)).toEqual([]);
  });

  it("are a property's values as fetched for its key, whatever the loaded breakdowns hold", () => {
    const values = [{ value: 'pro', label: 'pro', note: '3 visitors' }];
    expect(suggestionsFor('prop', breakdowns, GOALS, values)).toEqual(values);
    expect(suggestionsFor('prop', breakdowns)).toEqual([]);
  });

  it("are a referrer's host once, which is what the referrer filter matches", () => {
    expect(suggestionsFor('referrer', breakdowns).map((one) => one.value)).toEqual([
      'news.ycombinator.com',
      'example.com',
    ]);
  });

  it('are the devices and the goals, whatever is loaded', () => {
    expect(suggestionsFor('device', {}).map((one) => one.label)).toEqual(['Desktop', 'Mobile', 'Tablet']);
    expect(suggestionsFor('goal', {}, GOALS)).toEqual([
      { value: '3', label: 'Signup' },
      { value: '8', label: 'Read the docs' },
    ]);
  });

  it('narrow to what is typed, in the value or its name, without those chosen', () => {
    const countries = suggestionsFor('country', breakdowns);
    expect(matchingSuggestions(countries, 'germ', []).map((one) => one.value)).toEqual(['DE']);
    expect(matchingSuggestions(countries, 'us', []).map((one) => one.value)).toEqual(['US']);
    expect(matchingSuggestions(countries, '', ['DE']).map((one) => one.value)).toEqual(['US']);
    expect(matchingSuggestions(countries, '', [], 1)).toHaveLength(1);
  });
});
