import { describe, expect, it } from 'vitest';
import { analyticsQuery, validateAnalyticsSearch } from './analytics-search';
import { propFilterEntries, propFilterOf, propKeyOf } from './prop-filters';

describe('property filters', () => {
  it('are read from a search by their prefix, sorted by key, empty and oversized values left out', () => {
    expect(
      propFilterEntries({
        'prop:plan': 'pro',
        'prop:author': 'Ann',
        'prop:': 'no key',
        'prop:empty': '',
        'prop:long': 'x'.repeat(2001),
        [`prop:${'k'.repeat(301)}`]: 'key too long',
        page: '/',
      }),
    ).toEqual([
      ['prop:author', 'Ann'],
      ['prop:plan', 'pro'],
    ]);
  });

  it('escape the operators in the value a row sets, so it means exactly that value', () => {
    expect(propFilterOf('plan', 'pro')).toEqual(['prop:plan', 'pro']);
    expect(propFilterOf('q', '!a|b\\c')).toEqual(['prop:q', '\\!a\\|b\\\\c']);
    expect(propFilterOf('q', '~x')).toEqual(['prop:q', '\\~x']);
    expect(propKeyOf('prop:plan')).toBe('plan');
  });

  it('stay in the validated search and reach the API with the property to break down', () => {
    const search = validateAnalyticsSearch({ 'prop:plan': 'pro', props_key: 'plan', goal: '4', hack: '1' });
    expect(search).toEqual({ 'prop:plan': 'pro', props_key: 'plan', goal: '4' });
    expect(analyticsQuery(search, { comparison: false })).toEqual({
      period: '30d',
      props_key: 'plan',
      'prop:plan': 'pro',
      goal: '4',
    });
  });

  it('drop a property key the API would refuse', () => {
    expect(validateAnalyticsSearch({ props_key: '' })).toEqual({});
    expect(validateAnalyticsSearch({ props_key: 'k'.repeat(301) })).toEqual({});
  });
});
