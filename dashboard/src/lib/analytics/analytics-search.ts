import type { Filter, Interval, Period, PropFilter } from '@footfall/contract';
import { FILTERS, INTERVALS, isPropFilter, PERIODS } from '@footfall/contract/constants';
import type { Query } from '../../api/client';
import { CHART_METRICS, type ChartMetric } from './chart-metrics';
import { type FilterName, isValidFilter } from './filter-fields';
import { isPropKey } from './prop-filters';

// The analytics screens keep their state in the URL, under the API's own names: `period`,
// `from`, `to`, `interval` and the filters go to the API as they are; `metric` (the chart's series) and
// `compare` (the comparison line) are the screen's own. Anything invalid in a hand-edited URL is dropped
// rather than sent, so a bad link still opens the dashboard. Filters carry the API's operators (docs/api.md "Analytics") and
// include `goal` and `prop:KEY`, which go to the API as they are.

export const DEFAULT_PERIOD: Period = '30d';
export { CHART_METRICS, type ChartMetric } from './chart-metrics';

export interface AnalyticsSearch extends Partial<Record<Filter, string>> {
  /** Property filters (`prop:plan`), as many as there are keys. */
  [filter: PropFilter]: string | undefined;
  period?: Period;
  from?: string;
  to?: string;
  interval?: Interval;
  metric?: ChartMetric;
  /** `off` hides the comparison with the previous period; it is shown otherwise. */
  compare?: 'off';
  /** The custom-event property whose values the Properties panel lists (`breakdowns.props`). */
  props_key?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/**
 * The filters of a search or a saved segment that the API takes, by their parameter names: the contract's
 * filters, then property filters by key.
 */
export function validFilters(raw: Record<string, unknown>): [FilterName, string][] {
  const named: [FilterName, string][] = [];
  for (const name of FILTERS) {
    const value = raw[name];
    if (isValidFilter(name, value)) named.push([name, value]);
  }
  const props = Object.keys(raw).filter(isPropFilter).sort();
  for (const name of props) {
    const value = raw[name];
    if (isValidFilter(name, value)) named.push([name, value]);
  }
  return named;
}

/** The route's validateSearch: every known parameter checked, the rest left out. */
export function validateAnalyticsSearch(raw: Record<string, unknown>): AnalyticsSearch {
  const search: AnalyticsSearch = {};
  const period = oneOf(PERIODS, raw.period);
  if (period && period !== DEFAULT_PERIOD) search.period = period;
  if (period === 'custom') {
    const from = typeof raw.from === 'string' && isCalendarDate(raw.from) ? raw.from : undefined;
    const to = typeof raw.to === 'string' && isCalendarDate(raw.to) ? raw.to : undefined;
    // A custom period without its two days is no period: fall back to the default.
    if (from && to && from <= to) Object.assign(search, { from, to });
    else delete search.period;
  }
  if (isPropKey(raw.props_key)) search.props_key = raw.props_key;
  const interval = oneOf(INTERVALS, raw.interval);
  if (interval) search.interval = interval;
  const metric = oneOf(CHART_METRICS, raw.metric);
  if (metric && metric !== 'visitors') search.metric = metric;
  if (raw.compare === 'off') search.compare = 'off';
  for (const [name, value] of validFilters(raw)) search[name] = value;
  return search;
}

/**
 * What an analytics screen's data depends on: its validated search without the screen's own toggles (the
 * chart's series and the comparison line are drawn from data already loaded, so they refetch nothing).
 */
export function analyticsDeps(search: Record<string, unknown>): AnalyticsSearch {
  const { metric: _metric, compare: _compare, ...deps } = validateAnalyticsSearch(search);
  return deps;
}

/** The filters set in the search: the contract's in its order, then property filters by key. */
export function activeFilters(search: AnalyticsSearch): [FilterName, string][] {
  const props = (Object.keys(search).filter(isPropFilter) as PropFilter[]).sort();
  return [...FILTERS, ...props].flatMap((name) => {
    const value = search[name];
    return value === undefined || value === '' ? [] : [[name, value] as [FilterName, string]];
  });
}

/** The search without any filter: its period, interval, the chart's toggles and the Properties panel's key. */
export function withoutFilters(search: AnalyticsSearch): AnalyticsSearch {
  const { period, from, to, interval, metric, compare, props_key } = search;
  const kept: AnalyticsSearch = { period, from, to, interval, metric, compare, props_key };
  for (const key of Object.keys(kept) as (keyof AnalyticsSearch)[]) {
    if (kept[key] === undefined) delete kept[key];
  }
  return kept;
}

/** The analytics API's query for the screen's search, the comparison of the summary included. */
export function analyticsQuery(
  search: AnalyticsSearch,
  options: { limit?: number; comparison?: boolean } = {},
): Query {
  const period = search.period ?? DEFAULT_PERIOD;
  const query: Record<string, string | number> = { period };
  if (period === 'custom' && search.from && search.to)
    Object.assign(query, { from: search.from, to: search.to });
  if (search.interval) query.interval = search.interval;
  // `all` has no previous period (docs/api.md "Analytics").
  if (period !== 'all' && options.comparison !== false) query.compare = 'previous_period';
  if (options.limit !== undefined) query.limit = options.limit;
  if (search.props_key) query.props_key = search.props_key;
  for (const [name, value] of activeFilters(search)) query[name] = value;
  return query;
}

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** `date` moved by `days` (negative for earlier), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
  return moved.toISOString().slice(0, 10);
}

/**
 * The period just before a range (the days the comparison covers, docs/api.md "Analytics"), as a custom query with the
 * same interval and filters, for the chart's comparison line.
 */
export function previousPeriodQuery(
  range: { from: string; to: string; interval: Interval },
  search: AnalyticsSearch,
): Query {
  const days = daysBetween(range.from, range.to);
  const query: Record<string, string | number> = {
    period: 'custom',
    from: addDays(range.from, -days),
    to: addDays(range.from, -1),
    interval: range.interval,
    limit: 1,
  };
  for (const [name, value] of activeFilters(search)) query[name] = value;
  return query;
}

/** Today's date in a time zone, as `YYYY-MM-DD` (the latest day an analytics range may end on). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
