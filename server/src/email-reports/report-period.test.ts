import { describe, expect, it } from 'vitest';
import { lastCompletePeriod } from './report-period';

const at = (iso: string) => Date.parse(iso);

describe('lastCompletePeriod', () => {
  it('is the Sunday-to-Saturday week before this one, as the charts’ weeks are, in the site’s zone', () => {
    // Saturday 23:30 UTC is already Sunday 00:30 in Berlin (UTC+1 in November), still Saturday in New York.
    expect(lastCompletePeriod('weekly', 'Europe/Berlin', at('2026-11-21T23:30:00Z'))).toEqual({
      kind: 'weekly',
      from: '2026-11-15',
      to: '2026-11-21',
      endsAt: at('2026-11-21T23:00:00Z'),
      previous: { from: '2026-11-08', to: '2026-11-14' },
    });
    expect(lastCompletePeriod('weekly', 'America/New_York', at('2026-11-21T23:30:00Z'))).toMatchObject({
      from: '2026-11-08',
      to: '2026-11-14',
    });
    // On a Sunday itself, the week that just ended; across a year.
    expect(lastCompletePeriod('weekly', 'UTC', at('2026-11-22T00:00:00Z'))).toMatchObject({
      from: '2026-11-15',
      to: '2026-11-21',
    });
    expect(lastCompletePeriod('weekly', 'UTC', at('2027-01-05T12:00:00Z'))).toMatchObject({
      from: '2026-12-27',
      to: '2027-01-02',
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
