import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  addDays,
  analyticsDeps,
  analyticsQuery,
  daysBetween,
  isCalendarDate,
  previousPeriodQuery,
  todayIn,
  validateAnalyticsSearch,
  validFilters,
  withoutFilters,
} from './analytics-search';

describe('validateAnalyticsSearch', () => {
  it('keeps the API parameters that are valid', () => {
    expect(
      validateAnalyticsSearch({
        period: '7d',
        interval: 'day',
        page: '/docs*',
        country: 'de',
        device: 'mobile',
        source: 'Google',
      }),
    ).toEqual({
      period: '7d',
      interval: 'day',
      page: '/docs*',
      country: 'de',
      device: 'mobile',
      source: 'Google',
    });
  });

  it('leaves out the default period and series, so default URLs stay short', () => {
    expect(validateAnalyticsSearch({ period: '30d', metric: 'visitors' })).toEqual({});
  });

  it('drops unknown parameters and invalid values instead of sending them', () => {
    expect(
      validateAnalyticsSearch({
        period: 'fortnight',
        interval: 'minute',
        country: 'Germany',
        device: 'phone',
        limit: '5',
        hack: '1',
        page: '',
      }),
    ).toEqual({});
    expect(validateAnalyticsSearch({ page: 'x'.repeat(2001) })).toEqual({});
  });

  it('keeps a custom period only with two real days in order', () => {
    expect(validateAnalyticsSearch({ period: 'custom', from: '2026-01-05', to: '2026-01-09' })).toEqual({
      period: 'custom',
      from: '2026-01-05',
      to: '2026-01-09',
    });
    expect(validateAnalyticsSearch({ period: 'custom', from: '2026-01-09', to: '2026-01-05' })).toEqual({});
    expect(validateAnalyticsSearch({ period: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual({});
    expect(validateAnalyticsSearch({ period: '7d', from: '2026-01-05', to: '2026-01-09' })).toEqual({
      period: '7d',
    });
  });

  it('keeps filters with operators, alternatives and escapes, checked as the API checks them', () => {
    const kept = {
      country: '!US|de',
      device: 'mobile|tablet',
      page: '~blog',
      source: '!~goo|bing',
      event: '\\!important|a\\|b',
    };
    expect(validateAnalyticsSearch(kept)).toEqual(kept);
    expect(
      validateAnalyticsSearch({
        country: '!US|Germany',
        device: '!phone',
        page: '!',
        source: 'a||b',
        browser: '~',
        os: 'Linux|',
      }),
    ).toEqual({});
    // "Contains" searches any text, so a part of a name is no longer held to the closed sets.
    expect(validateAnalyticsSearch({ country: '~u', device: '~mob' })).toEqual({
      country: '~u',
      device: '~mob',
    });
  });

  it('carries goal and property filters to the API as they are', () => {
    expect(validateAnalyticsSearch({ goal: '12', 'prop:plan': 'pro', 'prop:seats': '!~1|2' })).toEqual({
      goal: '12',
      'prop:plan': 'pro',
      'prop:seats': '!~1|2',
    });
    expect(validateAnalyticsSearch({ goal: '!3|4' })).toEqual({ goal: '!3|4' });
    expect(
      validateAnalyticsSearch({
        goal: 'signup',
        'prop:': 'x',
        [`prop:${'k'.repeat(301)}`]: 'x',
        'prop:plan': '',
      }),
    ).toEqual({});
    expect(validateAnalyticsSearch({ goal: '~3' })).toEqual({});
    expect(analyticsQuery({ goal: '12', 'prop:plan': 'pro', country: 'DE' }, { comparison: false })).toEqual({
      period: '30d',
      country: 'DE',
      goal: '12',
      'prop:plan': 'pro',
    });
  });

  it('keeps the chart toggles', () => {
    expect(validateAnalyticsSearch({ metric: 'pageviews', compare: 'off' })).toEqual({
      metric: 'pageviews',
      compare: 'off',
    });
    expect(analyticsDeps({ metric: 'pageviews', compare: 'off', period: '7d' })).toEqual({ period: '7d' });
  });
});

describe('analyticsQuery', () => {
  it('asks for the period, the comparison and the filters in the API names', () => {
    expect(analyticsQuery({ country: 'FR', page: '/a' })).toEqual({
      period: '30d',
      compare: 'previous_period',
      page: '/a',
      country: 'FR',
    });
  });

  it('sends the custom days, the interval and a limit, and no comparison for all time', () => {
    expect(
      analyticsQuery(
        { period: 'custom', from: '2026-01-01', to: '2026-01-31', interval: 'week' },
        { limit: 100 },
      ),
    ).toEqual({
      period: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      interval: 'week',
      compare: 'previous_period',
      limit: 100,
    });
    expect(analyticsQuery({ period: 'all' })).toEqual({ period: 'all' });
    expect(analyticsQuery({ period: '7d' }, { comparison: false })).toEqual({ period: '7d' });
  });

  it('lists the filters in the order of the contract, then properties by key', () => {
    expect(
      activeFilters({
        'prop:b': '1',
        device: 'mobile',
        goal: '2',
        page: '/',
        'prop:a': '1',
        source: 'X',
      }).map(([name]) => name),
    ).toEqual(['page', 'source', 'device', 'goal', 'prop:a', 'prop:b']);
  });

  it('reads the filters of a saved segment like those of a URL', () => {
    expect(
      validFilters({ country: 'de', 'prop:plan': 'pro', period: '7d', hack: '1', device: 'phone' }),
    ).toEqual([
      ['country', 'de'],
      ['prop:plan', 'pro'],
    ]);
  });

  it('drops every filter and keeps the rest', () => {
    expect(
      withoutFilters({ period: '7d', metric: 'pageviews', country: 'DE', 'prop:plan': 'pro', goal: '1' }),
    ).toEqual({ period: '7d', metric: 'pageviews' });
  });
});

describe('the previous period', () => {
  it('covers as many days just before the range, with the same interval and filters', () => {
    expect(
      previousPeriodQuery({ from: '2026-03-01', to: '2026-03-30', interval: 'day' }, { country: 'DE' }),
    ).toEqual({
      period: 'custom',
      from: '2026-01-30',
      to: '2026-02-28',
      interval: 'day',
      limit: 1,
      country: 'DE',
    });
    expect(previousPeriodQuery({ from: '2026-03-05', to: '2026-03-05', interval: 'hour' }, {})).toMatchObject(
      {
        from: '2026-03-04',
        to: '2026-03-04',
        interval: 'hour',
      },
    );
  });

  it('counts days across month ends and leap years', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysBetween('2026-03-05', '2026-03-05')).toBe(1);
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('dates', () => {
  it('tells real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-05')).toBe(false);
  });

  it("gives today's date in a time zone", () => {
    const instant = new Date('2026-11-24T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-24');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-24');
    expect(todayIn('Not/AZone', instant)).toBe('2026-11-24');
  });
});
