import { describe, expect, it } from 'vitest';
import {
  currentLocale,
  DEFAULT_LOCALE,
  formatClock,
  formatDateRange,
  formatDay,
  formatMonth,
  formatNumber,
  formatWhen,
  setReaderLocale,
  WEEK_STARTS_ON,
  weekStart,
} from './index';

// ICU versions differ on whether a no-break or narrow no-break space goes before AM/PM; the tests care
// about the words, not which space joins them.
const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, ' ');

describe('weekStart', () => {
  it('starts weeks on Sunday, as the charts bucket them', () => {
    expect(WEEK_STARTS_ON).toBe(0);
    expect(weekStart('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(weekStart('2026-11-28')).toBe('2026-11-22'); // the Saturday after it
    expect(weekStart('2026-11-23T15:00')).toBe('2026-11-22');
    expect(weekStart('2027-01-01')).toBe('2026-12-27'); // across a year
    expect(weekStart('2026-02-30')).toBeUndefined();
  });
});

describe('days and ranges', () => {
  it('writes a day, a month and a range of days the way the locale does', () => {
    expect(formatDay('2026-11-19')).toBe('Nov 19, 2026');
    expect(formatDay('2026-11-19', 'en-GB')).toBe('19 Nov 2026');
    expect(formatMonth('2026-11-01')).toBe('November 2026');
    expect(plain(formatDateRange('2026-11-15', '2026-11-21'))).toBe('Nov 15 – 21, 2026');
    expect(plain(formatDateRange('2026-11-15', '2026-11-21', 'en-GB'))).toMatch(/^15 ?– ?21 Nov 2026$/);
    expect(plain(formatDateRange('2026-10-26', '2026-11-24'))).toBe('Oct 26 – Nov 24, 2026');
    expect(formatDateRange('2026-11-19', '2026-11-19')).toBe('Nov 19, 2026');
  });

  it('shows what is not a date as written', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatDateRange('soon', 'later')).toBe('soon – later');
    expect(formatDateRange('2026-11-21', '2026-11-15')).toBe('2026-11-21 – 2026-11-15');
  });
});

describe('formatWhen and formatClock', () => {
  const instant = '2026-12-01T21:43:08.034Z';

  it('reads an instant in the zone it is given, to the minute, with the zone named when asked', () => {
    expect(plain(formatWhen(instant, { timeZone: 'UTC' }))).toBe('Dec 1, 2026, 9:43 PM');
    expect(plain(formatWhen(instant, { timeZone: 'Europe/Berlin', zoneName: true }))).toBe(
      'Dec 1, 2026, 10:43 PM GMT+1',
    );
    // Past midnight in Tokyo: the site's day, not the server's.
    expect(plain(formatWhen(instant, { timeZone: 'Asia/Tokyo', locale: 'en-GB' }))).toBe('2 Dec 2026, 06:43');
    expect(plain(formatClock(instant, 'UTC'))).toBe('9:43:08 PM');
  });

  it('returns what is not an instant as written', () => {
    expect(formatWhen('yesterday')).toBe('yesterday');
  });
});

describe('setReaderLocale', () => {
  it('makes the first supported of the reader’s languages the formatters’ default, and can be set back', () => {
    try {
      expect(setReaderLocale(['xx-invalid-zz', 'de-DE'])).toBe('de-DE');
      expect(formatNumber(12_345)).toBe('12.345');
      expect(formatDay('2026-11-19')).toBe('19. Nov. 2026');
      expect(setReaderLocale([])).toBe(DEFAULT_LOCALE);
    } finally {
      setReaderLocale([DEFAULT_LOCALE]);
    }
    expect(currentLocale()).toBe('en-US');
    expect(formatNumber(12_345)).toBe('12,345');
  });
});
