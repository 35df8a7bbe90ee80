import type { AnalyticsDetail, Interval, TimeseriesPoint } from '@footfall/contract';
import { currentLocale, formatBucketLabel } from '@footfall/contract/format';
import { addDays, daysBetween } from './analytics-search';

// A previous period that began before the site's first day with data (`first_day`) compares with days that
// had nothing to count: a young site's every change reads "new" or ">999%" and the dashed line lies at 0.
// Such a change is not shown (the place says "no data before {day}"), and the line leaves those days out.

/**
 * The site's first day with data when the previous period of the detail's range (as many days just
 * before it) began before it, so that some or all of its days had nothing to compare with; undefined when
 * the previous period is whole, or the site has no data at all (every change is then a dash).
 */
export function comparisonGap(detail: Pick<AnalyticsDetail, 'range' | 'first_day'>): string | undefined {
  const { first_day: firstDay, range } = detail;
  if (firstDay === null) return undefined;
  const previousFrom = addDays(range.from, -daysBetween(range.from, range.to));
  return firstDay > previousFrom ? firstDay : undefined;
}

/** "no data before Nov 3": what a change's place says when the previous period began before the data. */
export function noDataBefore(firstDay: string, locale: string = currentLocale()): string {
  return `no data before ${formatBucketLabel(firstDay, 'day', locale)}`;
}

/**
 * Whether the previous period's bucket at `index` holds a day on or after `firstDay`, the site's first
 * day with data (every bucket does without one). An hour or a day is its own date; a week or a month
 * lasts until the next bucket begins, and the last one reaches the period's end, which a comparison
 * drawn at all reaches past `firstDay`.
 */
export function bucketHasData(
  comparison: readonly TimeseriesPoint[],
  index: number,
  interval: Interval,
  firstDay: string | undefined,
): boolean {
  const point = comparison[index];
  if (!point) return false;
  if (firstDay === undefined) return true;
  if (interval === 'week' || interval === 'month') {
    const next = comparison[index + 1];
    return next === undefined || next.date > firstDay;
  }
  return point.date.slice(0, 10) >= firstDay;
}
