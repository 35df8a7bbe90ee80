import { Temporal } from 'temporal-polyfill';

/** A company's billing period: the calendar month in its time zone (API.md §9, "Usage"). */
export interface BillingPeriod {
  /** `YYYY-MM` */
  month: string;
  /** `YYYY-MM-DD`, the month's first and last days. */
  firstDay: string;
  lastDay: string;
  /** The instant (epoch ms) at which the next period starts: local midnight of the next month's 1st. */
  endsAt: number;
}

const zoned = (timezone: string, epochMs: number) =>
  Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone);

/** The calendar month around `epochMs` in `timezone`. */
export function billingPeriod(timezone: string, epochMs: number): BillingPeriod {
  const first = zoned(timezone, epochMs).toPlainDate().with({ day: 1 });
  const next = first.add({ months: 1 });
  return {
    month: first.toString().slice(0, 7),
    firstDay: first.toString(),
    lastDay: next.subtract({ days: 1 }).toString(),
    // `startOfDay` copes with zones whose midnight is skipped by a daylight-saving change.
    endsAt: next.toZonedDateTime({ timeZone: timezone }).startOfDay().epochMilliseconds,
  };
}

/** The local date (`YYYY-MM-DD`) of `epochMs` in `timezone`. */
export function localDate(timezone: string, epochMs: number): string {
  return zoned(timezone, epochMs).toPlainDate().toString();
}

/** The date `days` days before `date` (`YYYY-MM-DD`). */
export function daysBefore(date: string, days: number): string {
  return Temporal.PlainDate.from(date).subtract({ days }).toString();
}
