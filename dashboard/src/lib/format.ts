/** The locale every formatter uses unless it is given another one. */
export const DEFAULT_LOCALE = 'en-US';

/** What the number formatters show for a value that is not a finite number (no data, 0/0, ∞). */
export const NO_VALUE = '—';

/**
 * The largest change, in whole percent, that {@link formatChange} writes out; a larger one is written as
 * beyond it (`>999%`), since a figure that big says more about a tiny previous period than about growth.
 */
export const CHANGE_DISPLAY_CAP = 999;

/** What {@link formatChange} writes when the previous period had nothing to compare with. */
export const NEW_CHANGE_TEXT = 'new';

/** The width of the time bucket a chart point covers: the analytics' intervals, and the realtime view's minutes. */
export type BucketInterval = 'minute' | 'hour' | 'day' | 'week' | 'month';

/** Which way a metric moved against the previous period; `new` when the previous period had nothing. */
export type ChangeDirection = 'up' | 'down' | 'flat' | 'new';

/** Whether a change is good news for the metric it belongs to. */
export type ChangeTone = 'good' | 'bad' | 'neutral';

/** A change against the previous period, ready for a summary card. */
export interface Change {
  /**
   * The signed, whole-percent change (`+12%`, `-3%`, `0%`); `>999%` or `<-999%` beyond the cap; `new` when
   * the previous period was zero; {@link NO_VALUE} when a value is unknown.
   */
  text: string;
  direction: ChangeDirection;
  tone: ChangeTone;
}

/** Options of {@link formatChange}. */
export interface ChangeOptions {
  /** The metric improves as it falls (bounce rate, load time), so a fall is `good` and a rise `bad`. */
  lowerIsBetter?: boolean;
}

/** Options of {@link formatPercent}. */
export interface PercentOptions {
  /**
   * How many decimals to show, always that many (`42.0%`) so columns line up: a whole number from 0 to
   * 100 (Intl throws a RangeError otherwise). Defaults to 0.
   */
  decimals?: number;
}

// Building an Intl formatter is far slower than using one, and a chart formats thousands of ticks, so
// each formatter is built once per locale and options and then reused.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
const twentyFourHourLocales = new Map<string, boolean>();

function cached<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = create();
    cache.set(key, value);
  }
  return value;
}

function numberFormat(locale: string, name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, `${locale}|${name}`, () => new Intl.NumberFormat(locale, options));
}

function dateTimeFormat(
  locale: string,
  name: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  // Bucket dates are already in the company's local time, so they are built as UTC and must be shown as
  // UTC: any other zone would shift them, by a day for midnight buckets west of Greenwich.
  return cached(
    dateTimeFormats,
    `${locale}|${name}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }),
  );
}

/** Rounds halves away from zero, so that -2.5 and 2.5 round to numbers of the same size. */
function roundHalfAway(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n));
}

/**
 * A count in a few characters for cards and chart axes: `999`, `1.2k`, `12k`, `120k`, `1.2M`, `1.5B`.
 *
 * Below 1000 the whole number is shown; above, one decimal while under 10 of a unit and none after.
 * A value that rounds up to the next unit moves to it (`999 999` → `1M`, never `1000k`). Fractions are
 * rounded to whole numbers first, negatives keep their sign, and a non-finite value is {@link NO_VALUE}.
 */
export function formatCompact(n: number, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const format = numberFormat(locale, 'compact', { notation: 'compact', signDisplay: 'negative' });
  return (
    format
      .formatToParts(roundHalfAway(n))
      // Analytics dashboards write thousands as a lower-case `k`; Intl's `K` is the only part changed.
      .map((part) => (part.type === 'compact' && part.value === 'K' ? 'k' : part.value))
      .join('')
  );
}

/**
 * A count in full with digit grouping: `12,345`. Fractions are rounded to whole numbers, and a
 * non-finite value is {@link NO_VALUE}.
 */
export function formatNumber(n: number, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  return numberFormat(locale, 'integer', { maximumFractionDigits: 0, signDisplay: 'negative' }).format(n);
}

function unitFormat(locale: string, unit: 'hour' | 'minute' | 'second'): Intl.NumberFormat {
  return numberFormat(locale, `duration-${unit}`, { style: 'unit', unit, unitDisplay: 'narrow' });
}

/**
 * A duration given in seconds, in at most two parts: `0s`, `45s`, `3m 20s`, `3m`, `1h 5m`, `2h`.
 *
 * The input is rounded to whole seconds. From one hour up the seconds are left out (cut, not rounded,
 * so `1h 59m 59s` shows as `1h 59m`), and a part that is zero after a larger one is left out too.
 * A negative or non-finite input is `0s`.
 */
export function formatDuration(seconds: number, locale: string = DEFAULT_LOCALE): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;

  const parts: string[] = [];
  if (hours > 0) {
    parts.push(unitFormat(locale, 'hour').format(hours));
    if (minutes > 0) parts.push(unitFormat(locale, 'minute').format(minutes));
  } else if (minutes > 0) {
    parts.push(unitFormat(locale, 'minute').format(minutes));
    if (secs > 0) parts.push(unitFormat(locale, 'second').format(secs));
  } else {
    parts.push(unitFormat(locale, 'second').format(secs));
  }
  const list = cached(
    listFormats,
    `${locale}|duration`,
    () => new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }),
  );
  return list.format(parts);
}

/**
 * A percentage given on the 0–100 scale (a bounce rate of 42 is `42%`, not 0.42), rounded to
 * `options.decimals` decimals (0 by default). A non-finite value is {@link NO_VALUE}.
 */
export function formatPercent(
  n: number,
  options: PercentOptions = {},
  locale: string = DEFAULT_LOCALE,
): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const decimals = options.decimals ?? 0;
  // The `percent` unit takes the number as it is; the `percent` style would need n / 100, whose binary
  // rounding error can tip a half the wrong way (1.45 / 100 shows as 1.4% with one decimal).
  return numberFormat(locale, `percent-${decimals}`, {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(n);
}

/**
 * The change of a metric against the previous period, for summary cards.
 *
 * The text is the signed change in whole percent (`+12%`, `-3%`); a change that rounds to 0 is `0%`
 * and `flat`, so the arrow never disagrees with the number. Changes beyond ±{@link CHANGE_DISPLAY_CAP}%
 * are written as beyond it (`>999%`, `<-999%`), never as if measured at the cap. When the previous
 * period was zero and this one is not, there is no percentage to give: the text and direction are `new`.
 * Both zero, or either value not finite, is a neutral, flat {@link NO_VALUE}.
 *
 * The tone says whether the move is good news: up is `good` unless `options.lowerIsBetter`, in which
 * case down is. Flat, new and unknown changes are `neutral`.
 */
export function formatChange(
  current: number,
  previous: number,
  options: ChangeOptions = {},
  locale: string = DEFAULT_LOCALE,
): Change {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) {
    return { text: NO_VALUE, direction: 'flat', tone: 'neutral' };
  }
  if (previous === 0) {
    // Nothing in either period (an empty site) is no change to speak of: a dash, not a measured 0%.
    return current === 0
      ? { text: NO_VALUE, direction: 'flat', tone: 'neutral' }
      : { text: NEW_CHANGE_TEXT, direction: 'new', tone: 'neutral' };
  }

  // Multiplying before dividing keeps the result exact for whole counts, so true halves round as halves.
  const percent = roundHalfAway(((current - previous) * 100) / Math.abs(previous));
  const text =
    percent > CHANGE_DISPLAY_CAP
      ? `>${formatChangePercent(CHANGE_DISPLAY_CAP, locale, 'never')}`
      : percent < -CHANGE_DISPLAY_CAP
        ? `<${formatChangePercent(-CHANGE_DISPLAY_CAP, locale)}`
        : formatChangePercent(percent, locale);
  if (percent === 0) return { text, direction: 'flat', tone: 'neutral' };

  const direction = percent > 0 ? 'up' : 'down';
  const improved = direction === (options.lowerIsBetter ? 'down' : 'up');
  return { text, direction, tone: improved ? 'good' : 'bad' };
}

function formatChangePercent(
  percent: number,
  locale: string,
  signDisplay: 'exceptZero' | 'never' = 'exceptZero',
): string {
  return numberFormat(locale, `change-${signDisplay}`, {
    style: 'unit',
    unit: 'percent',
    maximumFractionDigits: 0,
    signDisplay,
  }).format(percent);
}

const BUCKET_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** The bucket's wall-clock time as a UTC date, or undefined when it is not a real date and hour. */
function parseBucket(date: string): Date | undefined {
  const match = BUCKET_PATTERN.exec(date);
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
  locale: string = DEFAULT_LOCALE,
): string {
  const parsed = parseBucket(date);
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
  locale: string = DEFAULT_LOCALE,
): string {
  const parsed = parseBucket(date);
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
      return dateTimeFormat(locale, 'tooltip-day', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(parsed);
    case 'week': {
      const start = dateTimeFormat(locale, 'tooltip-week', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      }).format(parsed);
      return `Week of ${start}`;
    }
    case 'month':
      return dateTimeFormat(locale, 'tooltip-month', { month: 'long', year: 'numeric' }).format(parsed);
  }
}

/**
 * Views per visit (or any small ratio) with at most two decimals and no trailing zeros: `1.5`, `2`,
 * `3.25`. A non-finite value (0 views over 0 visits) is {@link NO_VALUE}.
 */
export function formatViewsPerVisit(n: number, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  return numberFormat(locale, 'ratio', { maximumFractionDigits: 2, signDisplay: 'negative' }).format(n);
}

/**
 * A time on page, in whole seconds, as a reader's stopwatch shows it: `45s`, `1m 05s`, `1h 02m`; the seconds
 * padded after minutes so a column of them lines up. Null (a page without an engagement report) and any
 * value that is not a finite number are {@link NO_VALUE}; a negative one is `0s`.
 */
export function formatTimeOnPage(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NO_VALUE;
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours}h ${two(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${two(secs)}s`;
  return `${secs}s`;
}

/** A scroll depth in whole percent: `72%`; null (no engagement report) is {@link NO_VALUE}. */
export function formatScrollDepth(
  percent: number | null | undefined,
  locale: string = DEFAULT_LOCALE,
): string {
  if (percent === null || percent === undefined) return NO_VALUE;
  return formatPercent(percent, {}, locale);
}

/** A conversion rate, in percent with one decimal as the API gives it: `12.5%`, `0.0%`. */
export function formatConversionRate(percent: number, locale: string = DEFAULT_LOCALE): string {
  return formatPercent(percent, { decimals: 1 }, locale);
}

/** A revenue amount in its currency (`€60.00`, `US$19.99`), as the browser's locale writes it. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    // A code the browser does not know still reads: `60.00 XYZ`.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * A revenue amount short enough for a table's narrow column: exact below 1 000 (`€60.00`), compact above
 * (`€12.8K`), as the counts beside it are.
 */
export function formatMoneyShort(amount: number, currency: string): string {
  if (Math.abs(amount) < 1000) return formatMoney(amount, currency);
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(amount);
  } catch {
    return `${formatCompact(amount)} ${currency}`;
  }
}

const rangeFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  // The range's days are the company's local dates: shown as UTC they are never shifted.
  timeZone: 'UTC',
});

/** `Oct 26 – Nov 24, 2026`; dates that are not `YYYY-MM-DD` are shown as written. */
export function formatDateRange(from: string, to: string): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return `${from} – ${to}`;
  return rangeFormat.formatRange(start, end);
}

/** A timestamp as the reader's local date and time, minutes precision: `27 Nov 2026, 11:09`. */
export function formatWhen(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
