import type { Interval } from '@footfall/contract';
import { weekStart } from '@footfall/contract/format';
import { Temporal } from 'temporal-polyfill';

/** A local calendar day and the UTC instants (ms) at which it starts and ends. */
export interface Day {
  /** `YYYY-MM-DD` */
  date: string;
  startsAt: number;
  endsAt: number;
}

/** A local wall-clock hour of a day: `YYYY-MM-DDTHH:00` and the instant at which it starts. */
export interface Hour {
  label: string;
  startsAt: number;
}

const HOUR_MS = 3_600_000;
const QUARTER_HOUR_MS = 900_000;

export function todayIn(timezone: string, now: number): string {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timezone).toPlainDate().toString();
}

export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** Days from `from` to `to` inclusive (`to` ≥ `from`). */
export function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to)).days + 1;
}

/** The first day of the month of `date`, `months` months later (negative: earlier). */
export function monthStart(date: string, months = 0): string {
  return Temporal.PlainDate.from(date).with({ day: 1 }).add({ months }).toString();
}

/**
 * The instant at which a local date begins. A day whose midnight is skipped by a daylight-saving change
 * starts at its first existing instant, as Temporal's start of day does.
 */
export function startOfDay(timezone: string, date: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: timezone }).epochMilliseconds;
}

/** Each local day from `from` to `to` inclusive, with its instants. */
export function localDays(timezone: string, from: string, to: string): Day[] {
  const count = daysBetween(from, to);
  const starts: { date: string; startsAt: number }[] = [];
  for (let i = 0; i <= count; i++) {
    const date = addDays(from, i);
    starts.push({ date, startsAt: startOfDay(timezone, date) });
  }
  return starts.slice(0, count).map((start, i) => ({ ...start, endsAt: (starts[i + 1] as Day).startsAt }));
}

function hourLabel(timezone: string, instant: number): string {
  const local = Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timezone);
  return `${local.toPlainDate().toString()}T${String(local.hour).padStart(2, '0')}:00`;
}

/**
 * The wall-clock hours of a local day. On a daylight-saving day a skipped hour has no entry and a repeated
 * hour is one entry, spanning both of its passes (docs/api.md "Analytics"). Offsets are whole quarter hours everywhere,
 * so quarter-hour steps find every change.
 */
export function localHours(timezone: string, day: Day): Hour[] {
  if (day.endsAt - day.startsAt === 24 * HOUR_MS && hourLabel(timezone, day.startsAt).endsWith('T00:00')) {
    return Array.from({ length: 24 }, (_, hour) => ({
      label: `${day.date}T${String(hour).padStart(2, '0')}:00`,
      startsAt: day.startsAt + hour * HOUR_MS,
    }));
  }
  const hours: Hour[] = [];
  for (let instant = day.startsAt; instant < day.endsAt; instant += QUARTER_HOUR_MS) {
    const label = hourLabel(timezone, instant);
    if (hours.at(-1)?.label !== label) hours.push({ label, startsAt: instant });
  }
  return hours;
}

/** The label of the day, week (from its first day, Sunday) or month (from its 1st) bucket that holds `date`. */
export function bucketOf(interval: Exclude<Interval, 'hour'>, date: string): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 8)}01`;
  // The one rule of where weeks start, shared with the dashboard and the weekly report.
  return weekStart(date) ?? date;
}

/** The index of the last of `starts` (ascending instants) at or before `instant`; -1 when before them all. */
export function indexAt(starts: readonly number[], instant: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= instant) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
