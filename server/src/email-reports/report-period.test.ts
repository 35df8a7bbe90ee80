import { describe, expect, it } from 'vitest';
import { changeLabel, compactNumber, duration, percentChange, periodLabel } from './report-format';
import { lastCompletePeriod } from './report-period';

const at = (iso: string) => Date.parse(iso);

describe('lastCompletePeriod', () => {
  it('is the Monday-to-Sunday week before this one, in the site’s zone', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Berlin (UTC+1 in November), still Sunday in New York.
    expect(lastCompletePeriod('weekly', 'Europe/Berlin', at('2026-11-22T23:30:00Z'))).toEqual({
      kind: 'weekly',
      from: '2026-11-16',
      to: '2026-11-22',
      endsAt: at('2026-11-22T23:00:00Z'),
      previous: { from: '2026-11-09', to: '2026-11-15' },
    });
    expect(lastCompletePeriod('weekly', 'America/New_York', at('2026-11-22T23:30:00Z'))).toMatchObject({
      from: '2026-11-09',
      to: '2026-11-15',
    });
    // On a Monday itself, the week that just ended.
    expect(lastCompletePeriod('weekly', 'UTC', at('2026-11-23T00:00:00Z'))).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });

  it('is the month before this one, compared with the month before it, across years and summer time', () => {
    expect(lastCompletePeriod('monthly', 'UTC', at('2026-01-01T00:00:00Z'))).toEqual({
      kind: 'monthly',
      from: '2025-12-01',
      to: '2025-12-31',
      endsAt: at('2026-01-01T00:00:00Z'),
      previous: { from: '2025-11-01', to: '2025-11-30' },
    });
    // Berlin's 1 April begins at 22:00 UTC (summer time since 29 March); March is compared with February.
    expect(lastCompletePeriod('monthly', 'Europe/Berlin', at('2026-03-31T22:00:00Z'))).toEqual({
      kind: 'monthly',
      from: '2026-03-01',
      to: '2026-03-31',
      endsAt: at('2026-03-31T22:00:00Z'),
      previous: { from: '2026-02-01', to: '2026-02-28' },
    });
  });
});

describe('report wording', () => {
  it('writes figures, changes and periods as the mail shows them', () => {
    expect([0, 950, 1000, 1234, 12_345, 999_999, 3_400_000].map(compactNumber)).toEqual([
      '0',
      '950',
      '1k',
      '1.2k',
      '12k',
      '1M',
      '3.4M',
    ]);
    expect(percentChange(112, 100)).toBe(12);
    expect(percentChange(5, 0)).toBeNull();
    expect(changeLabel(12, 112)).toBe('+12%');
    expect(changeLabel(-3, 97)).toBe('−3%');
    expect(changeLabel(null, 5)).toBe('new');
    expect(changeLabel(null, 0)).toBe('–');
    expect(changeLabel(-1, 40, 'points')).toBe('−1 pt');
    expect(changeLabel(4, 40, 'points')).toBe('+4 pts');
    expect([42, 65, 3720].map(duration)).toEqual(['42s', '1m 05s', '1h 02m']);
    expect(periodLabel({ kind: 'weekly', from: '2026-12-28', to: '2027-01-03' })).toBe(
      'Mon 28 Dec 2026 – Sun 3 Jan 2027',
    );
    expect(periodLabel({ kind: 'monthly', from: '2026-11-01', to: '2026-11-30' })).toBe('November 2026');
  });
});
