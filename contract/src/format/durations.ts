import { currentLocale, listFormat, NO_VALUE, numberFormat } from './intl';

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
export function formatDuration(seconds: number, locale: string = currentLocale()): string {
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
  return listFormat(locale, 'duration', { type: 'unit', style: 'narrow' }).format(parts);
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
