import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatBucketLabel,
  formatBucketTooltip,
  formatChange,
  formatCompact,
  formatDuration,
  formatMoneyShort,
  formatNumber,
  formatPercent,
  formatViewsPerVisit,
} from './index';

// ICU versions differ on whether a no-break or narrow no-break space goes before AM/PM and unit
// suffixes; the tests care about the words, not which space joins them.
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describe('formatCompact', () => {
  it('shows numbers below 1000 exactly', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(7)).toBe('7');
    expect(formatCompact(999)).toBe('999');
  });

  it('switches to a lower-case k at 1000', () => {
    expect(formatCompact(1000)).toBe('1k');
  });

  it('shows one decimal while under ten of a unit', () => {
    expect(formatCompact(1234)).toBe('1.2k');
    expect(formatCompact(1250)).toBe('1.3k');
    expect(formatCompact(9949)).toBe('9.9k');
  });

  it('drops the decimal from ten of a unit on', () => {
    expect(formatCompact(9999)).toBe('10k');
    expect(formatCompact(10_000)).toBe('10k');
    expect(formatCompact(12_345)).toBe('12k');
    expect(formatCompact(120_000)).toBe('120k');
    expect(formatCompact(123_456)).toBe('123k');
  });

  it('moves up to millions instead of showing 1000k', () => {
    expect(formatCompact(999_499)).toBe('999k');
    expect(formatCompact(999_500)).toBe('1M');
    expect(formatCompact(999_999)).toBe('1M');
  });

  it('shows millions and billions with an upper-case suffix', () => {
    expect(formatCompact(1_234_567)).toBe('1.2M');
    expect(formatCompact(1_500_000_000)).toBe('1.5B');
  });

  it('rounds fractions to whole numbers before abbreviating', () => {
    expect(formatCompact(2.6)).toBe('3');
    expect(formatCompact(999.4)).toBe('999');
    expect(formatCompact(999.5)).toBe('1k');
  });

  it('keeps the sign of negative numbers and never shows a negative zero', () => {
    expect(formatCompact(-5)).toBe('-5');
    expect(formatCompact(-1234)).toBe('-1.2k');
    expect(formatCompact(-999_999)).toBe('-1M');
    expect(formatCompact(-0.4)).toBe('0');
  });

  it('shows a dash for NaN and infinities', () => {
    expect(formatCompact(Number.NaN)).toBe('—');
    expect(formatCompact(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatCompact(Number.NEGATIVE_INFINITY)).toBe('—');
  });

  it('uses the suffixes of the given locale', () => {
    expect(plain(formatCompact(1_234_567, 'de-DE'))).toBe('1,2 Mio.');
  });
});

describe('formatNumber', () => {
  it('groups the digits of large numbers', () => {
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
  });

  it('keeps the sign of negative numbers', () => {
    expect(formatNumber(-12_345)).toBe('-12,345');
  });

  it('rounds fractions to whole numbers without a negative zero', () => {
    expect(formatNumber(1234.5)).toBe('1,235');
    expect(formatNumber(-0.4)).toBe('0');
  });

  it('shows a dash for NaN and infinities', () => {
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('groups digits the way the given locale does', () => {
    expect(formatNumber(12_345, 'de-DE')).toBe('12.345');
  });
});

describe('formatDuration', () => {
  it('shows durations under a minute in seconds', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(59)).toBe('59s');
  });

  it('shows minutes and seconds under an hour, leaving out zero seconds', () => {
    expect(formatDuration(60)).toBe('1m');
    expect(formatDuration(200)).toBe('3m 20s');
    expect(formatDuration(180)).toBe('3m');
    expect(formatDuration(3599)).toBe('59m 59s');
  });

  it('shows hours and minutes from an hour on, leaving out zero minutes', () => {
    expect(formatDuration(3600)).toBe('1h');
    expect(formatDuration(3900)).toBe('1h 5m');
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(90_000)).toBe('25h');
  });

  it('cuts the seconds off durations of an hour or more rather than rounding them', () => {
    expect(formatDuration(3605)).toBe('1h');
    expect(formatDuration(7199)).toBe('1h 59m');
  });

  it('rounds to whole seconds, carrying into the next unit', () => {
    expect(formatDuration(0.4)).toBe('0s');
    expect(formatDuration(44.5)).toBe('45s');
    expect(formatDuration(59.5)).toBe('1m');
    expect(formatDuration(3599.5)).toBe('1h');
  });

  it('shows 0s for negative and non-finite input', () => {
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0s');
    expect(formatDuration(Number.NEGATIVE_INFINITY)).toBe('0s');
  });

  it('uses the unit names and list style of the given locale', () => {
    expect(plain(formatDuration(200, 'de-DE'))).toBe('3 Min., 20 Sek.');
  });
});

describe('formatPercent', () => {
  it('takes a percentage on the 0 to 100 scale', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(42)).toBe('42%');
    expect(formatPercent(100)).toBe('100%');
  });

  it('rounds to a whole percent by default', () => {
    expect(formatPercent(42.4)).toBe('42%');
    expect(formatPercent(42.5)).toBe('43%');
    expect(formatPercent(99.6)).toBe('100%');
  });

  it('shows exactly the number of decimals asked for', () => {
    expect(formatPercent(42, { decimals: 1 })).toBe('42.0%');
    expect(formatPercent(42.25, { decimals: 1 })).toBe('42.3%');
    expect(formatPercent(1.45, { decimals: 1 })).toBe('1.5%');
    expect(formatPercent(33.333, { decimals: 2 })).toBe('33.33%');
  });

  it('keeps the sign of negative values without a negative zero', () => {
    expect(formatPercent(-3)).toBe('-3%');
    expect(formatPercent(-0.2)).toBe('0%');
  });

  it('shows a dash for NaN and infinities', () => {
    expect(formatPercent(Number.NaN)).toBe('—');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('places the sign the way the given locale does', () => {
    expect(plain(formatPercent(42, {}, 'de-DE'))).toBe('42 %');
  });
});

describe('formatChange', () => {
  it('reports a rise as up and good, with a plus sign', () => {
    expect(formatChange(112, 100)).toEqual({ text: '+12%', direction: 'up', tone: 'good' });
  });

  it('reports a fall as down and bad, with a minus sign', () => {
    expect(formatChange(88, 100)).toEqual({ text: '-12%', direction: 'down', tone: 'bad' });
    expect(formatChange(0, 100)).toEqual({ text: '-100%', direction: 'down', tone: 'bad' });
  });

  it('turns the tone around for metrics where lower is better', () => {
    expect(formatChange(88, 100, { lowerIsBetter: true })).toEqual({
      text: '-12%',
      direction: 'down',
      tone: 'good',
    });
    expect(formatChange(112, 100, { lowerIsBetter: true })).toEqual({
      text: '+12%',
      direction: 'up',
      tone: 'bad',
    });
  });

  it('rounds to a whole percent, halves away from zero', () => {
    expect(formatChange(1025, 1000).text).toBe('+3%');
    expect(formatChange(975, 1000).text).toBe('-3%');
    expect(formatChange(1005, 1000)).toEqual({ text: '+1%', direction: 'up', tone: 'good' });
    expect(formatChange(995, 1000)).toEqual({ text: '-1%', direction: 'down', tone: 'bad' });
  });

  it('calls a change that rounds to zero flat and neutral', () => {
    expect(formatChange(1004, 1000)).toEqual({ text: '0%', direction: 'flat', tone: 'neutral' });
    expect(formatChange(996, 1000, { lowerIsBetter: true })).toEqual({
      text: '0%',
      direction: 'flat',
      tone: 'neutral',
    });
    expect(formatChange(100, 100)).toEqual({ text: '0%', direction: 'flat', tone: 'neutral' });
  });

  it('calls growth from a zero previous period new, with no percentage', () => {
    expect(formatChange(5, 0)).toEqual({ text: 'new', direction: 'new', tone: 'neutral' });
    expect(formatChange(5, 0, { lowerIsBetter: true })).toEqual({
      text: 'new',
      direction: 'new',
      tone: 'neutral',
    });
  });

  it('gives two zero periods (an empty site) a dash, not a measured 0%', () => {
    expect(formatChange(0, 0)).toEqual({ text: '—', direction: 'flat', tone: 'neutral' });
  });

  it('writes a change beyond 999% as beyond it, never as if measured at 999%', () => {
    expect(formatChange(1098, 100).text).toBe('+998%');
    expect(formatChange(1099, 100).text).toBe('+999%');
    expect(formatChange(1100, 100).text).toBe('>999%');
    expect(formatChange(100_000, 1)).toEqual({ text: '>999%', direction: 'up', tone: 'good' });
    expect(formatChange(-1200, 100)).toEqual({ text: '<-999%', direction: 'down', tone: 'bad' });
  });

  it('measures the change against the size of a negative previous value', () => {
    expect(formatChange(-50, -100)).toEqual({ text: '+50%', direction: 'up', tone: 'good' });
  });

  it('gives a neutral dash when either value is not a finite number', () => {
    const unknown = { text: '—', direction: 'flat', tone: 'neutral' };
    expect(formatChange(Number.NaN, 100)).toEqual(unknown);
    expect(formatChange(100, Number.NaN)).toEqual(unknown);
    expect(formatChange(Number.POSITIVE_INFINITY, 100)).toEqual(unknown);
  });
});

describe('formatBucketLabel', () => {
  it('labels hours with the hour and AM or PM', () => {
    expect(plain(formatBucketLabel('2026-03-05T15:00', 'hour'))).toBe('3 PM');
    expect(plain(formatBucketLabel('2026-03-05T09:00', 'hour'))).toBe('9 AM');
  });

  it('labels midnight 12 AM and noon 12 PM', () => {
    expect(plain(formatBucketLabel('2026-03-05T00:00', 'hour'))).toBe('12 AM');
    expect(plain(formatBucketLabel('2026-03-05T12:00', 'hour'))).toBe('12 PM');
  });

  it('labels hours as HH:00 in locales on a 24-hour clock', () => {
    expect(formatBucketLabel('2026-03-05T15:00', 'hour', 'en-GB')).toBe('15:00');
    expect(formatBucketLabel('2026-03-05T00:00', 'hour', 'en-GB')).toBe('00:00');
  });

  it('labels days with the short month and the day', () => {
    expect(formatBucketLabel('2026-03-05', 'day')).toBe('Mar 5');
    expect(formatBucketLabel('2026-01-01', 'day')).toBe('Jan 1');
    expect(formatBucketLabel('2025-12-31', 'day')).toBe('Dec 31');
  });

  it('labels weeks by the day they start on', () => {
    expect(formatBucketLabel('2026-03-01', 'week')).toBe('Week of Mar 1');
    expect(formatBucketLabel('2025-12-29', 'week')).toBe('Week of Dec 29');
  });

  it('labels months with the short month and the year', () => {
    expect(formatBucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
    expect(formatBucketLabel('2026-01-01', 'month')).toBe('Jan 2026');
    expect(formatBucketLabel('2025-12-01', 'month')).toBe('Dec 2025');
  });

  it('returns a string that is not a real bucket date unchanged', () => {
    for (const date of ['', 'not a date', '2026-3-5', '2026-02-30', '2026-13-01', '2026-03-05T24:00']) {
      expect(formatBucketLabel(date, 'day')).toBe(date);
    }
  });
});

describe('formatBucketTooltip', () => {
  it('gives hours with their day', () => {
    expect(plain(formatBucketTooltip('2026-03-05T15:00', 'hour'))).toBe('Mar 5, 3 PM');
    expect(plain(formatBucketTooltip('2026-03-05T00:00', 'hour'))).toBe('Mar 5, 12 AM');
  });

  it('gives days with the weekday and the year', () => {
    expect(formatBucketTooltip('2026-03-05', 'day')).toBe('Thu, Mar 5, 2026');
  });

  it('gives weeks with the year of their first day', () => {
    expect(formatBucketTooltip('2025-12-29', 'week')).toBe('Week of Dec 29, 2025');
  });

  it('gives months with the full month name', () => {
    expect(formatBucketTooltip('2026-03-01', 'month')).toBe('March 2026');
  });

  it('returns a string that is not a real bucket date unchanged', () => {
    expect(formatBucketTooltip('2026-02-29', 'day')).toBe('2026-02-29');
  });
});

describe('bucket labels in any host time zone', () => {
  const originalTz = process.env.TZ;
  let format: typeof import('./index');

  beforeEach(async () => {
    process.env.TZ = 'America/New_York';
    // A fresh copy of the module, so that its cached formatters are built while the host zone is set.
    vi.resetModules();
    format = await import('./index');
  });

  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('shows the wall-clock time written in the bucket without shifting it', () => {
    expect(format.formatBucketLabel('2026-03-01', 'day')).toBe('Mar 1');
    expect(format.formatBucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
    expect(plain(format.formatBucketLabel('2026-03-05T00:00', 'hour'))).toBe('12 AM');
    expect(format.formatBucketTooltip('2026-03-05', 'day')).toBe('Thu, Mar 5, 2026');
  });

  it('shows an hour that a daylight-saving jump skips on the host clock', () => {
    // 2 AM on 8 March 2026 does not exist in New York, but it may in the company's zone.
    expect(plain(format.formatBucketLabel('2026-03-08T02:00', 'hour'))).toBe('2 AM');
  });
});

describe('formatViewsPerVisit', () => {
  it('shows up to two decimals and drops trailing zeros', () => {
    expect(formatViewsPerVisit(1.5)).toBe('1.5');
    expect(formatViewsPerVisit(2)).toBe('2');
    expect(formatViewsPerVisit(3.25)).toBe('3.25');
    expect(formatViewsPerVisit(2.1)).toBe('2.1');
  });

  it('rounds to two decimals', () => {
    expect(formatViewsPerVisit(1.234)).toBe('1.23');
    expect(formatViewsPerVisit(1.236)).toBe('1.24');
    expect(formatViewsPerVisit(1.999)).toBe('2');
  });

  it('groups the digits of large ratios', () => {
    expect(formatViewsPerVisit(1234.5)).toBe('1,234.5');
  });

  it('shows a dash for NaN and infinities', () => {
    expect(formatViewsPerVisit(Number.NaN)).toBe('—');
    expect(formatViewsPerVisit(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

type IntlConstructorName = 'NumberFormat' | 'DateTimeFormat' | 'ListFormat';

/** Counts `new Intl[name](…)` calls until `restore` is called; the objects built are the real ones. */
function countBuilds(name: IntlConstructorName): { count: () => number; restore: () => void } {
  const original = Intl[name];
  let builds = 0;
  const counting = new Proxy(original, {
    construct(target, args) {
      builds += 1;
      return Reflect.construct(target, args);
    },
  });
  Object.defineProperty(Intl, name, { value: counting, writable: true, configurable: true });
  return {
    count: () => builds,
    restore: () => Object.defineProperty(Intl, name, { value: original, writable: true, configurable: true }),
  };
}

describe('formatter reuse', () => {
  it('builds no new Intl formatter when the same formats are used again', () => {
    const formatAll = (locale: string) => {
      formatCompact(1234, locale);
      formatNumber(12_345, locale);
      formatDuration(3900, locale);
      formatDuration(200, locale);
      formatPercent(42, { decimals: 1 }, locale);
      formatChange(112, 100, {}, locale);
      formatViewsPerVisit(1.5, locale);
      for (const interval of ['hour', 'day', 'week', 'month'] as const) {
        formatBucketLabel('2026-03-05T15:00', interval, locale);
        formatBucketTooltip('2026-03-05T15:00', interval, locale);
      }
    };
    formatAll('en-US');

    const builds = (['NumberFormat', 'DateTimeFormat', 'ListFormat'] as const).map(countBuilds);
    try {
      formatAll('en-US');
      expect(builds.map((counter) => counter.count())).toEqual([0, 0, 0]);

      // A locale not seen before has to build each kind, which shows the counters do see construction.
      formatAll('fr-FR');
      for (const counter of builds) expect(counter.count()).toBeGreaterThan(0);
    } finally {
      for (const counter of builds) counter.restore();
    }
  });
});

describe('formatMoneyShort', () => {
  it('writes amounts under a thousand exactly and larger ones compactly, in their currency', () => {
    expect(formatMoneyShort(60, 'EUR')).toBe('€60.00');
    expect(formatMoneyShort(3_456, 'EUR')).toBe('€3.5k');
    expect(formatMoneyShort(12_795, 'EUR')).toBe('€13k');
    expect(formatMoneyShort(2_400_000, 'USD')).toBe('$2.4M');
  });

  it('abbreviates by the same rule as the counts beside it', () => {
    for (const amount of [1_000, 3_456, 14_200, 999_999, 1_250_000]) {
      expect(formatMoneyShort(amount, 'USD')).toBe(`$${formatCompact(amount)}`);
    }
  });
});
