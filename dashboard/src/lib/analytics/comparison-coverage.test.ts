import type { TimeseriesPoint } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { bucketHasData, comparisonGap, noDataBefore } from './comparison-coverage';

const SUMMARY = {
  visitors: 1,
  visits: 1,
  pageviews: 1,
  views_per_visit: 1,
  bounce_rate: 0,
  visit_duration: 0,
  events: 0,
};
const range = { from: '2026-11-01', to: '2026-11-30', interval: 'day' as const };
const bucket = (date: string): TimeseriesPoint => ({ ...SUMMARY, date });

describe('comparisonGap', () => {
  it('names the first day when the previous period (Oct 2 – Oct 31) began before it', () => {
    expect(comparisonGap({ range, first_day: '2026-10-03' })).toBe('2026-10-03');
    expect(comparisonGap({ range, first_day: '2026-11-20' })).toBe('2026-11-20');
  });

  it('is undefined for a whole previous period or a site without data', () => {
    expect(comparisonGap({ range, first_day: '2026-10-02' })).toBeUndefined();
    expect(comparisonGap({ range, first_day: '2025-01-01' })).toBeUndefined();
    expect(comparisonGap({ range, first_day: null })).toBeUndefined();
  });

  it('reads aloud as the day', () => {
    expect(noDataBefore('2026-11-03')).toBe('no data before Nov 3');
  });
});

describe('bucketHasData', () => {
  it('keeps days and hours from the first day on', () => {
    const days = ['2026-10-30', '2026-10-31', '2026-11-01'].map(bucket);
    expect(days.map((_, i) => bucketHasData(days, i, 'day', '2026-10-31'))).toEqual([false, true, true]);
    const hours = ['2026-10-30T23:00', '2026-10-31T00:00', '2026-10-31T05:00'].map(bucket);
    expect(hours.map((_, i) => bucketHasData(hours, i, 'hour', '2026-10-31'))).toEqual([false, true, true]);
  });

  it('keeps a week or month that ends on or after the first day, and every bucket without one', () => {
    const weeks = ['2026-10-04', '2026-10-11', '2026-10-18', '2026-10-25'].map(bucket);
    expect(weeks.map((_, i) => bucketHasData(weeks, i, 'week', '2026-10-11'))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(weeks.map((_, i) => bucketHasData(weeks, i, 'week', '2026-10-12'))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(weeks.map((_, i) => bucketHasData(weeks, i, 'week', '2026-10-18'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(bucketHasData(weeks, 0, 'week', undefined)).toBe(true);
    expect(bucketHasData(weeks, 9, 'week', undefined)).toBe(false);
  });
});
