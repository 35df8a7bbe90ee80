import { cached, dateTimeFormat } from './intl';

// The locale's day and clock, which the bucket labels and the instants both follow.

/** A day as the locale writes it: `Nov 19, 2026`, `19 Nov 2026`. */
export const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

const twentyFourHourLocales = new Map<string, boolean>();

/** Whether the locale writes hours on a 24-hour clock, where a bare `15` reads badly and `15:00` is used. */
function uses24HourClock(locale: string): boolean {
  return cached(
    twentyFourHourLocales,
    locale,
    () => dateTimeFormat(locale, 'hour-probe', { hour: 'numeric' }).resolvedOptions().hour12 === false,
  );
}

export function hourOptions(locale: string): Intl.DateTimeFormatOptions {
  return uses24HourClock(locale) ? { hour: '2-digit', minute: '2-digit' } : { hour: 'numeric' };
}

/** A minute on the locale's clock: `3:41 PM`, `15:41`. */
export function minuteOptions(locale: string): Intl.DateTimeFormatOptions {
  return uses24HourClock(locale)
    ? { hour: '2-digit', minute: '2-digit' }
    : { hour: 'numeric', minute: '2-digit' };
}
