import { addDays, monthStart, startOfDay, todayIn } from '../calendar/local-days';

/** A company's billing period: the calendar month in its time zone (docs/api.md "Stats API, keys and usage"). */
export interface BillingPeriod {
  /** `YYYY-MM` */
  month: string;
  /** `YYYY-MM-DD`, the month's first and last days. */
  firstDay: string;
  lastDay: string;
  /** The instant (epoch ms) at which the next period starts: local midnight of the next month's 1st. */
  endsAt: number;
}

/** The calendar month around `epochMs` in `timezone`. */
export function billingPeriod(timezone: string, epochMs: number): BillingPeriod {
  const firstDay = monthStart(todayIn(timezone, epochMs));
  const next = monthStart(firstDay, 1);
  return {
    month: firstDay.slice(0, 7),
    firstDay,
    lastDay: addDays(next, -1),
    endsAt: startOfDay(timezone, next),
  };
}
