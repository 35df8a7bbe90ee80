import { DAY, hourOptions, minuteOptions } from './clock';
import { currentLocale, dateTimeFormat } from './intl';

/** The width of the time bucket a chart point covers: the analytics' intervals, and the realtime view's minutes. */
export type BucketInterval = 'minute' | 'hour' | 'day' | 'week' | 'month';

/**
 * The day weeks start on, as JavaScript numbers weekdays (0 is Sunday): the charts' week buckets, the
 * weekly report's week and the calendars all start on it (docs/api.md "Analytics").
 */
export const WEEK_STARTS_ON = 0;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * A local date (`YYYY-MM-DD`, or with `THH:MM`) as a UTC instant of the same wall-clock reading, or
 * undefined when it is not a real date and time. Local dates are already in the site's time zone, so
 * they are read and shown as UTC: any other zone would shift them, by a day for midnights west of Greenwich.
 */
function parseLocalDate(date: string): Date | undefined {
  const match = DAY_PATTERN.exec(date);
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0'] = match;
  const parts = [Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)] as const;
  const parsed = new Date(Date.UTC(...parts));
  // Date.UTC rolls overflow into the next field (Feb 30 → Mar 2, hour 24 → next day) and maps years
  // below 100 to the 1900s; reading the fields back rejects all of those.
  const roundTrip = [
    parsed.getUTCFullYear(),
    parsed.getUTCMonth(),
    parsed.getUTCDate(),
    parsed.getUTCHours(),
    parsed.getUTCMinutes(),
  ];
  return roundTrip.every((value, index) => value === parts[index]) ? parsed : undefined;
}

/** `YYYY-MM-DD` of a UTC instant that stands for a local date. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The first day of the week `date` (`YYYY-MM-DD`) is in, by {@link WEEK_STARTS_ON}; undefined for a non-date. */
export function weekStart(date: string): string | undefined {
  const day = parseLocalDate(date.slice(0, 10));
  if (!day) return undefined;
  const back = (day.getUTCDay() - WEEK_STARTS_ON + 7) % 7;
  return isoDay(new Date(day.getTime() - back * 86_400_000));
}

const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };

/** How each interval's bucket is written, on an axis tick (`label`) and in a tooltip (`tooltip`). */
const BUCKET_OPTIONS: Record<
  'label' | 'tooltip',
  Record<BucketInterval, (locale: string) => Intl.DateTimeFormatOptions>
> = {
  label: {
    minute: minuteOptions,
    hour: hourOptions,
    day: () => SHORT_DAY,
    week: () => SHORT_DAY,
    month: () => ({ month: 'short', year: 'numeric' }),
  },
  tooltip: {
    minute: (locale) => ({ ...SHORT_DAY, ...minuteOptions(locale) }),
    hour: (locale) => ({ ...SHORT_DAY, ...hourOptions(locale) }),
    day: () => ({ weekday: 'short', ...DAY }),
    week: () => DAY,
    month: () => ({ month: 'long', year: 'numeric' }),
  },
};

function formatBucket(
  style: 'label' | 'tooltip',
  date: string,
  interval: BucketInterval,
  locale: string,
): string {
  const parsed = parseLocalDate(date);
  if (!parsed) return date;
  const options = BUCKET_OPTIONS[style][interval](locale);
  const text = dateTimeFormat(locale, `${style}-${interval}`, options).format(parsed);
  return interval === 'week' ? `Week of ${text}` : text;
}

/**
 * The short label of a chart bucket, for axis ticks: minute `3:41 PM`, hour `3 PM`, day `Mar 5`, week
 * `Week of Mar 1`, month `Mar 2026`. Locales on a 24-hour clock get hours as `15:00`.
 *
 * `date` is the bucket's start in the company's local time, `YYYY-MM-DD` or, for hours,
 * `YYYY-MM-DDTHH:00`; it is shown exactly as written, never shifted to the viewer's time zone. The
 * words "Week of" are English in every locale; the date in them follows the locale. A string that is
 * not such a date is returned unchanged, so a chart shows it rather than failing.
 */
export function formatBucketLabel(
  date: string,
  interval: BucketInterval,
  locale: string = currentLocale(),
): string {
  return formatBucket('label', date, interval, locale);
}

/**
 * The long label of a chart bucket, for tooltips: hour `Mar 5, 3 PM`, day `Thu, Mar 5, 2026`,
 * week `Week of Mar 1, 2026`, month `March 2026`. Takes the same input as {@link formatBucketLabel}
 * and follows the same rules.
 */
export function formatBucketTooltip(
  date: string,
  interval: BucketInterval,
  locale: string = currentLocale(),
): string {
  return formatBucket('tooltip', date, interval, locale);
}

/** A local date (`YYYY-MM-DD`) as the locale writes a day: `Nov 19, 2026`, `19 Nov 2026`; a non-date as written. */
export function formatDay(date: string, locale: string = currentLocale()): string {
  const parsed = parseLocalDate(date.slice(0, 10));
  return parsed ? dateTimeFormat(locale, 'day', DAY).format(parsed) : date;
}

/** The month of a local date: `November 2026`; a non-date as written. */
export function formatMonth(date: string, locale: string = currentLocale()): string {
  const parsed = parseLocalDate(date.slice(0, 10));
  return parsed ? dateTimeFormat(locale, 'month', { month: 'long', year: 'numeric' }).format(parsed) : date;
}

/**
 * Two local dates, both included, as one range the locale writes: `Oct 26 – Nov 24, 2026`, `Nov 15 – 21,
 * 2026`, `Nov 19, 2026` for one day. Dates that are not `YYYY-MM-DD`, or in the wrong order, are shown as written.
 */
export function formatDateRange(from: string, to: string, locale: string = currentLocale()): string {
  const start = parseLocalDate(from);
  const end = parseLocalDate(to);
  if (!start || !end || end < start) return `${from} – ${to}`;
  return dateTimeFormat(locale, 'day', DAY).formatRange(start, end);
}
