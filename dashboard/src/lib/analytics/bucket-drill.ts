import type { Interval } from '@footfall/contract';
import { formatBucketTooltip } from '@footfall/contract/format';
import { type AnalyticsSearch, addDays } from './analytics-search';

/** Where a click on a chart's bucket leads: its days as a custom period, in the next finer interval. */
export interface BucketDrill {
  search: Pick<AnalyticsSearch, 'period' | 'from' | 'to' | 'interval'>;
  /** What the click shows, for the tooltip and the screen reader: `Show Thu, Mar 5, 2026`. */
  label: string;
}

const FINER: Record<Exclude<Interval, 'hour'>, Interval> = { day: 'hour', week: 'day', month: 'day' };

/** The last day of the month `date` (`YYYY-MM-DD`) is in. */
function monthEnd(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The period a chart bucket opens, as Plausible's and Umami's charts do on a click: a day by the hour, a
 * week or a month by the day, never past the end of the range shown (today's week stops today). An hour
 * is the finest bucket: it opens nothing.
 */
export function bucketDrill(date: string, interval: Interval, lastDay: string): BucketDrill | undefined {
  if (interval === 'hour') return undefined;
  const from = date.slice(0, 10);
  const end = interval === 'day' ? from : interval === 'week' ? addDays(from, 6) : monthEnd(from);
  const to = end < lastDay ? end : lastDay;
  if (to < from) return undefined;
  return {
    search: { period: 'custom', from, to, interval: FINER[interval] },
    label: `Show ${formatBucketTooltip(date, interval)}`,
  };
}
