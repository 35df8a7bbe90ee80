import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../calendar/local-days';
import { billingPeriod } from './billing-period';

const ms = (iso: string) => new Date(iso).getTime();

describe('billingPeriod', () => {
  it('is the calendar month in the company’s zone, ending at its next local midnight of the 1st', () => {
    expect(billingPeriod('UTC', ms('2026-02-14T12:00:00Z'))).toEqual({
      month: '2026-02',
      firstDay: '2026-02-01',
      lastDay: '2026-02-28',
      endsAt: ms('2026-03-01T00:00:00Z'),
    });
  });

  it('follows the zone: late on the 31st in UTC is already next month in Tokyo', () => {
    expect(billingPeriod('Asia/Tokyo', ms('2026-12-31T20:00:00Z'))).toEqual({
      month: '2027-01',
      firstDay: '2027-01-01',
      lastDay: '2027-01-31',
      endsAt: ms('2027-01-31T15:00:00Z'),
    });
    expect(billingPeriod('America/New_York', ms('2026-03-01T03:00:00Z')).month).toBe('2026-02');
  });

  it('counts leap days and ends at a midnight that daylight saving moved', () => {
    expect(billingPeriod('UTC', ms('2028-02-10T00:00:00Z')).lastDay).toBe('2028-02-29');
    // Asunción skipped the midnight that began October 2023: the month started at 01:00 local (04:00Z).
    expect(billingPeriod('America/Asuncion', ms('2023-09-20T12:00:00Z')).endsAt).toBe(
      ms('2023-10-01T04:00:00Z'),
    );
  });
});

describe('local dates', () => {
  it('give the date in the zone and count days back across months', () => {
    expect(todayIn('Pacific/Auckland', ms('2026-06-30T13:00:00Z'))).toBe('2026-07-01');
    expect(addDays('2026-03-01', -29)).toBe('2026-01-31');
  });
});
