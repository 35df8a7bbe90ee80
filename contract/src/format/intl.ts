/** The locale of every figure the server writes (mails, alerts), and of the dashboard until it knows its reader's. */
export const DEFAULT_LOCALE = 'en-US';

/** What the formatters show for a value that is not there or not a finite number (no data, 0/0, ∞). */
export const NO_VALUE = '—';

// The dashboard writes in its reader's locale, set once when it starts; the server, which writes for many
// readers at once, never changes it and passes a locale where it knows one.
let readerLocale = DEFAULT_LOCALE;

/**
 * Makes `locale` the one the formatters use when they are given none: the first of the reader's preferred
 * languages that Intl supports here, else {@link DEFAULT_LOCALE}. Answers the locale chosen.
 */
export function setReaderLocale(preferred: readonly string[]): string {
  readerLocale = preferred.find(isSupported) ?? DEFAULT_LOCALE;
  return readerLocale;
}

function isSupported(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale).length > 0;
  } catch {
    // Not a well-formed language tag.
    return false;
  }
}

/** The locale the formatters use when they are given none. */
export function currentLocale(): string {
  return readerLocale;
}

// Building an Intl formatter is far slower than using one, and a chart formats thousands of ticks, so
// each formatter is built once per locale and options and then reused.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

export function cached<T>(cache: Map<string, T>, key: string, create: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = create();
    cache.set(key, value);
  }
  return value;
}

/** A number format for `locale`, built once per `name` (which must stand for the options). */
export function numberFormat(
  locale: string,
  name: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return cached(numberFormats, `${locale}|${name}`, () => new Intl.NumberFormat(locale, options));
}

/** A date format for `locale` in `timeZone`, built once per `name` (which must stand for the options). */
export function dateTimeFormat(
  locale: string,
  name: string,
  options: Intl.DateTimeFormatOptions,
  timeZone = 'UTC',
): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale}|${timeZone}|${name}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone }),
  );
}

/** A list format for `locale`, built once per `name`. */
export function listFormat(locale: string, name: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return cached(listFormats, `${locale}|${name}`, () => new Intl.ListFormat(locale, options));
}

/** Rounds halves away from zero, so that -2.5 and 2.5 round to numbers of the same size. */
export function roundHalfAway(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n));
}
