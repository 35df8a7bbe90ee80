import { DAY, minuteOptions } from './clock';
import { currentLocale, dateTimeFormat } from './intl';

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
