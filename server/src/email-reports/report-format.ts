import { Temporal } from 'temporal-polyfill';
import type { ReportPeriod } from './report-period';

/** `950`, `1.2k`, `12k`, `3.4M`: the size of a figure at a glance, for subjects and headline figures. */
export function compactNumber(value: number): string {
  const units: [number, string][] = [
    [1_000_000_000, 'B'],
    [1_000_000, 'M'],
    [1_000, 'k'],
  ];
  for (const [index, [size, suffix]] of units.entries()) {
    if (Math.abs(value) < size) continue;
    const scaled = value / size;
    const rounded = Number(scaled.toFixed(Math.abs(scaled) < 10 ? 1 : 0));
    // 999,999 rounds to 1000k: that is 1M.
    const larger = units[index - 1];
    if (Math.abs(rounded) >= 1000 && larger) return `${Math.sign(rounded)}${larger[1]}`;
    return `${rounded}${suffix}`;
  }
  return String(value);
}

/** A whole figure with thousands separators: `12,345`. */
export function wholeNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** The change from `before` to `now` in whole percent, or null when there was nothing before. */
export function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** `+12%`, `−3%`, `0%`; `new` when there was nothing to compare with but there is now. */
export function changeLabel(change: number | null, now: number, unit: '%' | 'points' = '%'): string {
  if (change === null) return now > 0 ? 'new' : '–';
  const size = Math.abs(change);
  const suffix = unit === '%' ? '%' : size === 1 ? ' pt' : ' pts';
  if (change === 0) return `0${suffix}`;
  return `${change > 0 ? '+' : '−'}${size}${suffix}`;
}

/** `1m 05s`, `42s`, `1h 02m`. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

function dayLabel(date: string, withYear: boolean): string {
  const day = Temporal.PlainDate.from(date);
  const weekday = day.toLocaleString('en-GB', { weekday: 'short' });
  const month = day.toLocaleString('en-GB', { month: 'short' });
  return `${weekday} ${day.day} ${month}${withYear ? ` ${day.year}` : ''}`;
}

/** `Mon 16 Nov – Sun 22 Nov 2026` for a week, `November 2026` for a month. */
export function periodLabel(period: Pick<ReportPeriod, 'kind' | 'from' | 'to'>): string {
  if (period.kind === 'monthly') {
    return Temporal.PlainDate.from(period.from).toLocaleString('en-GB', { month: 'long', year: 'numeric' });
  }
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${dayLabel(period.from, !sameYear)} – ${dayLabel(period.to, true)}`;
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its ISO code; the code itself when it names none. */
export function countryName(code: string): string {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}
