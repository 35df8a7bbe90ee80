import { describe, expect, it } from 'vitest';
import { bucketDrill } from './bucket-drill';

describe('bucketDrill', () => {
  it('opens a day by the hour, a week and a month by the day', () => {
    expect(bucketDrill('2026-03-05', 'day', '2026-03-30')).toEqual({
      search: { period: 'custom', from: '2026-03-05', to: '2026-03-05', interval: 'hour' },
      label: 'Show Thu, Mar 5, 2026',
    });
    expect(bucketDrill('2026-03-01', 'week', '2026-03-30')?.search).toEqual({
      period: 'custom',
      from: '2026-03-01',
      to: '2026-03-07',
      interval: 'day',
    });
    expect(bucketDrill('2026-02-01', 'month', '2026-12-31')?.search).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(bucketDrill('2028-02-01', 'month', '2028-12-31')?.search.to).toBe('2028-02-29');
  });

  it('stops at the last day of the range shown, and opens nothing for an hour', () => {
    expect(bucketDrill('2026-11-29', 'week', '2026-12-02')?.search).toMatchObject({
      from: '2026-11-29',
      to: '2026-12-02',
    });
    expect(bucketDrill('2026-12-01', 'month', '2026-12-02')?.search.to).toBe('2026-12-02');
    expect(bucketDrill('2026-03-05T15:00', 'hour', '2026-03-05')).toBeUndefined();
  });
});
