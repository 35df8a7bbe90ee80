import { describe, expect, it } from 'vitest';
import { LocalCalendar, localDayAt } from './local-calendar';

const ms = (iso: string) => Date.parse(iso);

describe('localDayAt', () => {
  it('gives the local date and the instants of its midnights', () => {
    expect(localDayAt('Europe/Paris', ms('2026-06-01T21:59:59Z'))).toEqual({
      day: '2026-06-01',
      month: '2026-06',
      startsAt: ms('2026-05-31T22:00:00Z'),
      endsAt: ms('2026-06-01T22:00:00Z'),
    });
    expect(localDayAt('Europe/Paris', ms('2026-06-01T22:00:00Z')).day).toBe('2026-06-02');
  });

  it('knows days of 23 and 25 hours at daylight-saving changes', () => {
    const spring = localDayAt('America/New_York', ms('2026-03-08T12:00:00Z'));
    expect(spring.endsAt - spring.startsAt).toBe(23 * 3_600_000);
    const autumn = localDayAt('America/New_York', ms('2026-11-01T12:00:00Z'));
    expect(autumn.endsAt - autumn.startsAt).toBe(25 * 3_600_000);
  });

  it('starts a day whose midnight is skipped at its first existing instant', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
    const day = localDayAt('America/Santiago', ms('2026-09-06T12:00:00Z'));
    expect(day.day).toBe('2026-09-06');
    expect(day.startsAt).toBe(ms('2026-09-06T04:00:00Z'));
  });

  it('handles zones with quarter-hour offsets', () => {
    expect(localDayAt('Asia/Kathmandu', ms('2026-06-01T18:14:59Z')).day).toBe('2026-06-01');
    expect(localDayAt('Asia/Kathmandu', ms('2026-06-01T18:15:00Z')).day).toBe('2026-06-02');
  });
});

describe('LocalCalendar', () => {
  it('answers the same as localDayAt on both sides of midnight', () => {
    const calendar = new LocalCalendar();
    for (const iso of ['2026-06-01T21:59:59.999Z', '2026-06-01T22:00:00Z', '2026-06-01T21:45:00Z']) {
      expect(calendar.dayOf('Europe/Paris', ms(iso))).toEqual(localDayAt('Europe/Paris', ms(iso)));
      expect(calendar.dayOf('Europe/Paris', ms(iso))).toEqual(localDayAt('Europe/Paris', ms(iso)));
    }
  });
});
