import { describe, expect, it } from 'vitest';
import { chartTitle, convertedGoals } from './goal-filter';

const goals = [
  {
    goal_id: 3,
    name: 'Signup',
    visitors: 2,
    visits: 2,
    events: 2,
    conversion_rate: 50,
    revenue: null,
    comparison: null,
  },
  {
    goal_id: 4,
    name: 'Pricing',
    visitors: 3,
    visits: 3,
    events: 4,
    conversion_rate: 75,
    revenue: null,
    comparison: null,
  },
];

describe('convertedGoals', () => {
  it('names the goal of a plain goal filter, and each of several', () => {
    expect(convertedGoals('3', goals)).toEqual(['Signup']);
    expect(convertedGoals('4|3', goals)).toEqual(['Pricing', 'Signup']);
  });

  it('names none for no filter, "is not", or a goal the answer does not know', () => {
    expect(convertedGoals(undefined, goals)).toEqual([]);
    expect(convertedGoals('!3', goals)).toEqual([]);
    expect(convertedGoals('9', goals)).toEqual([]);
    expect(convertedGoals('3|9', goals)).toEqual([]);
  });
});

describe('chartTitle', () => {
  it('is the series per bucket without a goal filter', () => {
    expect(chartTitle('visitors', 'day', [])).toEqual({ title: 'Visitors per day' });
  });

  it('reads as conversions of the goal when the visitors are charted', () => {
    expect(chartTitle('visitors', 'day', ['Signup'])).toEqual({
      title: 'Conversions of Signup',
      note: 'Visitors who converted, per day',
    });
    expect(chartTitle('visitors', 'week', ['A', 'B']).title).toBe('Conversions of A or B');
  });

  it('keeps another series by its name and says which visits it counts', () => {
    expect(chartTitle('pageviews', 'hour', ['Signup'])).toEqual({
      title: 'Pageviews per hour',
      note: 'In the visits that converted on Signup',
    });
  });
});
