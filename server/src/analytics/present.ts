import {
  type AnalyticsDetail,
  type AnalyticsSummary,
  BREAKDOWNS,
  type Breakdown,
  type BreakdownRow,
  type Interval,
  type TimeseriesPoint,
} from '@footfall/contract';
import { addCounts, addTotals, type Counts, type DayStats, noTotals, type Totals } from './aggregate';
import { bucketOf, type Hour } from './calendar';

/** `numerator / denominator` rounded half up to a whole number, in integers so that no float rounds it down. */
function roundedRatio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The figures of API.md §6 over some totals: the counts, and the ratios of their sums. */
function figuresOf(totals: Totals): AnalyticsSummary {
  const { visitors, visits, pageviews, events, bounces, durationMs } = totals;
  return {
    visitors,
    visits,
    pageviews,
    views_per_visit: roundedRatio(100 * pageviews, visits) / 100,
    bounce_rate: roundedRatio(100 * bounces, visits),
    visit_duration: roundedRatio(durationMs, 1000 * visits),
    events,
  };
}

/** The summary of API.md §6 over some days: their sums, and the ratios of those sums. */
export function summarize(days: readonly DayStats[]): AnalyticsSummary {
  const sum = noTotals();
  for (const { totals } of days) addTotals(sum, totals);
  return figuresOf(sum);
}

/**
 * Every bucket of the period, zeros included, with the summary's figures over the bucket's own visits.
 * Day, week and month buckets add whole days; hour buckets are the wall-clock hours of the period's days.
 */
export function timeseries(
  days: readonly DayStats[],
  interval: Interval,
  hours: readonly Hour[],
): TimeseriesPoint[] {
  const buckets = new Map<string, Totals>();
  if (interval === 'hour') {
    for (const hour of hours) buckets.set(hour.label, noTotals());
    for (const day of days) {
      for (const [label, totals] of day.hours) {
        const target = buckets.get(label);
        if (target) addTotals(target, totals);
      }
    }
  } else {
    for (const day of days) {
      const label = bucketOf(interval, day.date);
      let target = buckets.get(label);
      if (!target) {
        target = noTotals();
        buckets.set(label, target);
      }
      addTotals(target, day.totals);
    }
  }
  return [...buckets].map(([date, totals]) => ({ date, ...figuresOf(totals) }));
}

/** What each breakdown's rows carry beside `visitors`. */
function rowOf(name: Breakdown, value: string, counts: Counts): BreakdownRow {
  if (name === 'pages') return { value, visitors: counts.visitors, pageviews: counts.pageviews };
  if (name === 'events') return { value, visitors: counts.visitors, events: counts.events };
  return { value, visitors: counts.visitors, visits: counts.visits };
}

/** Code-unit order, as API.md §9 asks: not `localeCompare`, which depends on the server's locale. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each breakdown summed over the days, sorted by visitors and then value, cut to `limit` rows. */
export function breakdowns(days: readonly DayStats[], limit: number): AnalyticsDetail['breakdowns'] {
  const result = {} as AnalyticsDetail['breakdowns'];
  for (const name of BREAKDOWNS) {
    const sums = new Map<string, Counts>();
    for (const day of days) addCounts(sums, day.breakdowns.get(name) ?? []);
    result[name] = [...sums]
      .sort(([a, x], [b, y]) => y.visitors - x.visitors || byCodeUnit(a, b))
      .slice(0, limit)
      .map(([value, counts]) => rowOf(name, value, counts));
  }
  return result;
}
