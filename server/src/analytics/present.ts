import {
  type AnalyticsDetail,
  type AnalyticsSummary,
  BREAKDOWNS,
  type Breakdown,
  type BreakdownRow,
  type GoalFigures,
  type GoalRow,
  type Interval,
  type TimeseriesPoint,
} from '@footfall/contract';
import type { Goal } from '@footfall/db';
import { bucketOf, type Hour } from '../calendar/local-days';
import {
  addCounts,
  addEngagement,
  addGoals,
  addTotals,
  type Counts,
  type DayStats,
  type Engagement,
  type GoalCounts,
  noTotals,
  type Totals,
} from '../storage/day-stats';

/** `numerator / denominator` rounded half up to a whole number, in integers so that no float rounds it down. */
function roundedRatio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The figures of docs/api.md "Analytics" over some totals: the counts, and the ratios of their sums. */
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

/** `numerator / denominator` × 100 with one decimal, half up (docs/api.md "Analytics"), in integers; 0 over nothing. */
export function percentOneDecimal(numerator: number, denominator: number): number {
  return roundedRatio(1000 * numerator, denominator) / 10;
}

/** A page's (or pages') mean foreground time in whole seconds and mean scroll depth, null without pings. */
function engagementOf(
  engagement: Engagement | undefined,
): Pick<BreakdownRow, 'time_on_page' | 'scroll_depth'> {
  return {
    time_on_page:
      engagement && engagement.engagedPings > 0
        ? roundedRatio(engagement.engagedMs, 1000 * engagement.engagedPings)
        : null,
    scroll_depth:
      engagement && engagement.scrollPings > 0
        ? roundedRatio(engagement.scrollSum, engagement.scrollPings)
        : null,
  };
}

/** The sums of every day's engagement, by page. */
function engagementSums(days: readonly DayStats[]): Map<string, Engagement> {
  const sums = new Map<string, Engagement>();
  for (const day of days) addEngagement(sums, day.engagement);
  return sums;
}

/**
 * The summary of docs/api.md "Analytics" over some days: their sums, and the ratios of those sums; with `engagement`
 * (a `page` filter, docs/api.md "Analytics"), the mean foreground time and scroll depth over every ping read.
 */
export function summarize(
  days: readonly DayStats[],
  options: { engagement?: boolean } = {},
): AnalyticsSummary {
  const sum = noTotals();
  for (const { totals } of days) addTotals(sum, totals);
  if (!options.engagement) return figuresOf(sum);
  // Every page's pings under one key: the mean over all of them.
  const all = new Map<string, Engagement>();
  for (const day of days)
    addEngagement(
      all,
      [...day.engagement.values()].map((e) => ['', e] as const),
    );
  return { ...figuresOf(sum), ...engagementOf(all.get('')) };
}

/** The conversions of each goal over some days, as rows sorted like breakdown rows (docs/api.md "Goals"). */
export function goalRows(
  goals: readonly Goal[],
  days: readonly DayStats[],
  comparison: readonly DayStats[] | null,
): GoalRow[] {
  const figures = (over: readonly DayStats[]): GoalFigures[] => {
    const sums: GoalCounts[] = [];
    let visitors = 0;
    for (const day of over) {
      addGoals(sums, day.goals);
      visitors += day.totals.visitors;
    }
    return goals.map((goal, index) => {
      const { revenueCents, revenueEvents, ...counts } = sums[index] ?? {
        visitors: 0,
        visits: 0,
        events: 0,
        revenueCents: 0,
        revenueEvents: 0,
      };
      return {
        ...counts,
        conversion_rate: percentOneDecimal(counts.visitors, visitors),
        revenue:
          goal.revenueCurrency === null
            ? null
            : {
                currency: goal.revenueCurrency,
                total: revenueCents / 100,
                // Half up (toward +∞ for refunds), in integers.
                average:
                  revenueEvents === 0
                    ? 0
                    : Math.floor((2 * revenueCents + revenueEvents) / (2 * revenueEvents)) / 100,
              },
      };
    });
  };
  const current = figures(days);
  const previous = comparison ? figures(comparison) : null;
  return goals
    .map((goal, index) => ({
      goal_id: goal.id,
      name: goal.name,
      ...(current[index] as GoalFigures),
      comparison: previous?.[index] ?? null,
    }))
    .sort((a, b) => b.visitors - a.visitors || byCodeUnit(a.name, b.name) || a.goal_id - b.goal_id);
}

/** The values of the asked property (`props_key`), sorted like breakdown rows. */
export function propRows(days: readonly DayStats[], limit: number): BreakdownRow[] {
  const sums = new Map<string, Counts>();
  for (const day of days) addCounts(sums, day.props);
  return sortedRows(sums, limit).map(([value, counts]) => ({
    value,
    visitors: counts.visitors,
    events: counts.events,
  }));
}

/** Every property key of the counted custom events (`prop_keys`), sorted and cut like breakdown rows. */
export function propKeyRows(days: readonly DayStats[], limit: number): BreakdownRow[] {
  const sums = new Map<string, Counts>();
  for (const day of days) addCounts(sums, day.propKeys);
  return sortedRows(sums, limit).map(([value, counts]) => ({
    value,
    visitors: counts.visitors,
    events: counts.events,
  }));
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

/** Code-unit order, as docs/api.md "Analytics" asks: not `localeCompare`, which depends on the server's locale. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rows sorted by visitors and then value, cut to `limit`. */
const sortedRows = (sums: Map<string, Counts>, limit: number) =>
  [...sums].sort(([a, x], [b, y]) => y.visitors - x.visitors || byCodeUnit(a, b)).slice(0, limit);

/**
 * Each breakdown summed over the days, sorted by visitors and then value, cut to `limit` rows; pages carry
 * their engagement (docs/api.md "Analytics").
 */
export function breakdowns(days: readonly DayStats[], limit: number): AnalyticsDetail['breakdowns'] {
  const result = {} as AnalyticsDetail['breakdowns'];
  for (const name of BREAKDOWNS) {
    const sums = new Map<string, Counts>();
    for (const day of days) addCounts(sums, day.breakdowns.get(name) ?? []);
    result[name] = sortedRows(sums, limit).map(([value, counts]) => rowOf(name, value, counts));
  }
  const engagement = engagementSums(days);
  result.pages = result.pages.map((row) => ({ ...row, ...engagementOf(engagement.get(row.value)) }));
  return result;
}
