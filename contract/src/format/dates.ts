import { cached, currentLocale, dateTimeFormat } from './intl';

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

const twentyFourHourLocales = new Map<string, boolean>();

/** Whether the locale writes hours on a 24-hour clock, where a bare `15` reads badly and `15:00` is used. */
function uses24HourClock(locale: string): boolean {
  return cached(
    twentyFourHourLocales,
    locale,
    () => dateTimeFormat(locale, 'hour-probe', { hour: 'numeric' }).resolvedOptions().hour12 === false,
  );
}

function hourOptions(locale: string): Intl.DateTimeFormatOptions {
  return uses24HourClock(locale) ? { hour: '2-digit', minute: '2-digit' } : { hour: 'numeric' };
}

/** A minute on the locale's clock: `3:41 PM`, `15:41`. */
function minuteOptions(locale: string): Intl.DateTimeFormatOptions {
  return uses24HourClock(locale)
    ? { hour: '2-digit', minute: '2-digit' }
    : { hour: 'numeric', minute: '2-digit' };
}

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

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
  const parsed = parseLocalDate(date);
  if (!parsed) return date;
  switch (interval) {
    case 'minute':
      return dateTimeFormat(locale, 'label-minute', minuteOptions(locale)).format(parsed);
    case 'hour':
      return dateTimeFormat(locale, 'label-hour', hourOptions(locale)).format(parsed);
    case 'day':
      return dateTimeFormat(locale, 'label-day', { month: 'short', day: 'numeric' }).format(parsed);
    case 'week': {
      const start = dateTimeFormat(locale, 'label-day', { month: 'short', day: 'numeric' }).format(parsed);
      return `Week of ${start}`;
    }
    case 'month':
      return dateTimeFormat(locale, 'label-month', { month: 'short', year: 'numeric' }).format(parsed);
  }
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
  const parsed = parseLocalDate(date);
  if (!parsed) return date;
  switch (interval) {
    case 'minute':
      return dateTimeFormat(locale, 'tooltip-minute', {
        month: 'short',
        day: 'numeric',
        ...minuteOptions(locale),
      }).format(parsed);
    case 'hour':
      return dateTimeFormat(locale, 'tooltip-hour', {
        month: 'short',
        day: 'numeric',
        ...hourOptions(locale),
      }).format(parsed);
    case 'day':
      return dateTimeFormat(locale, 'tooltip-day', { weekday: 'short', ...DAY }).format(parsed);
    case 'week':
      return `Week of ${dateTimeFormat(locale, 'day', DAY).format(parsed)}`;
    case 'month':
      return formatMonth(date, locale);
  }
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

/** Options of {@link formatWhen}. */
export interface WhenOptions {
  /**
   * The zone to read the instant in: the site's, for what happened on a site (an alert, an event); the
   * reader's own (the default) for what they did themselves (a session, a key).
   */
  timeZone?: string | undefined;
  /** Name the zone after the time (`9:43 PM GMT+1`), where the reader may be in another one. */
  zoneName?: boolean;
  /** The day alone (`Dec 1, 2026`): an expiry, a joining date, what a reader plans with. */
  dayOnly?: boolean;
  locale?: string;
}

/**
 * An instant (ISO text, a Date or epoch milliseconds) as the locale writes a day and a time, to the minute:
 * `Dec 1, 2026, 9:43 PM`, `1 Dec 2026, 21:43`. An instant that is not one is returned as written.
 */
export function formatWhen(instant: string | number | Date, options: WhenOptions = {}): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const locale = options.locale ?? currentLocale();
  const timeZone = options.timeZone ?? localZone();
  if (options.dayOnly) return dateTimeFormat(locale, 'day', DAY, timeZone).format(date);
  const zone: Intl.DateTimeFormatOptions = options.zoneName ? { timeZoneName: 'short' } : {};
  return dateTimeFormat(
    locale,
    options.zoneName ? 'when-zone' : 'when',
    { ...DAY, ...minuteOptions(locale), ...zone },
    timeZone,
  ).format(date);
}

/** An instant's time of day, to the second, in the reader's zone or `timeZone`: `3:41:07 PM`, `15:41:07`. */
export function formatClock(instant: string | number | Date, timeZone: string = localZone()): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const locale = currentLocale();
  return dateTimeFormat(locale, 'clock', { ...minuteOptions(locale), second: '2-digit' }, timeZone).format(
    date,
  );
}

let hostZone: string | undefined;

/** The zone this runtime's clock is set to: the reader's, in a browser. */
function localZone(): string {
  hostZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return hostZone;
}
