import type { Interval } from '@footfall/contract';
import { addDays, type Day, daysBetween, localDays, monthStart, todayIn } from '../calendar/local-days';
import { fieldError } from '../errors';
import type { AnalyticsRequest } from './query';

/** The days a query covers, in the company's time zone, and how its timeseries is cut. */
export interface ResolvedPeriod {
  from: string;
  to: string;
  interval: Interval;
  days: Day[];
  /** The same number of days just before `from`, when a comparison was asked for (never for `all`). */
  comparison: Day[] | null;
}

/** Hour buckets over more than this many days are refused (docs/api.md "Analytics"). */
const MAX_HOUR_DAYS = 7;
/** A timeseries longer than this is refused: a day interval over 14 years is a mistake, not a chart. */
export const MAX_BUCKETS = 5_000;

function firstAndLastDay(
  request: AnalyticsRequest,
  today: string,
  firstVisitDay: string | undefined,
): [string, string] {
  switch (request.period) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case '7d':
      return [addDays(today, -6), today];
    case '30d':
      return [addDays(today, -29), today];
    case 'month':
      return [monthStart(today), today];
    case 'last_month':
      return [monthStart(today, -1), addDays(monthStart(today), -1)];
    case '12mo':
      return [monthStart(today, -11), today];
    case 'all':
      return [firstVisitDay && firstVisitDay < today ? firstVisitDay : today, today];
    case 'custom':
      return [request.from as string, request.to as string];
  }
}

function defaultInterval(request: AnalyticsRequest, dayCount: number): Interval {
  if (request.period === 'today' || request.period === 'yesterday') return 'hour';
  return dayCount <= 90 ? 'day' : 'month';
}

function bucketCount(interval: Interval, dayCount: number): number {
  if (interval === 'hour') return dayCount * 24;
  if (interval === 'day') return dayCount;
  return interval === 'week' ? Math.ceil(dayCount / 7) + 1 : Math.ceil(dayCount / 28) + 1;
}

/**
 * Turns the query's period into local days (docs/api.md "Analytics"): periods end today and include it; `custom` may
 * not end after today; `compare=previous_period` covers as many days just before `from`.
 */
export function resolvePeriod(
  request: AnalyticsRequest,
  timezone: string,
  now: number,
  /** The company's first day with visits (for `all`), in its zone. */
  firstDay: string | undefined,
): ResolvedPeriod {
  const today = todayIn(timezone, now);
  const [from, to] = firstAndLastDay(request, today, firstDay);
  if (to > today) throw fieldError('to', 'The to field must be a date before or equal to today.');
  const dayCount = daysBetween(from, to);
  const interval = request.interval ?? defaultInterval(request, dayCount);
  if (interval === 'hour' && dayCount > MAX_HOUR_DAYS) {
    throw fieldError('interval', `The hour interval covers at most ${MAX_HOUR_DAYS} days.`);
  }
  if (bucketCount(interval, dayCount) > MAX_BUCKETS) {
    throw fieldError(
      'interval',
      `The ${interval} interval gives more than ${MAX_BUCKETS} points over this period.`,
    );
  }
  const compare = request.compare && request.period !== 'all';
  return {
    from,
    to,
    interval,
    days: localDays(timezone, from, to),
    comparison: compare ? localDays(timezone, addDays(from, -dayCount), addDays(from, -1)) : null,
  };
}
