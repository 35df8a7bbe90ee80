import type { TimeseriesPoint } from '@footfall/contract';
import {
  formatCompact,
  formatDuration,
  formatNumber,
  formatPercent,
  formatViewsPerVisit,
} from '@footfall/contract/format';

// Every figure of the summary can be charted over time: the timeseries carries each of them per bucket.
// What a screen and the charts need to know of one: its name, how its values read, and whether it is a
// count (which adds up over buckets) or a ratio of a bucket's visits (which has no value without visits).

export const CHART_METRICS = [
  'visitors',
  'visits',
  'pageviews',
  'views_per_visit',
  'bounce_rate',
  'visit_duration',
  'events',
] as const satisfies readonly Exclude<keyof TimeseriesPoint, 'date'>[];
export type ChartMetric = (typeof CHART_METRICS)[number];

export interface ChartMetricInfo {
  /** Capitalised, for headings and tooltips: `Bounce rate`. */
  label: string;
  /** `count` adds up over buckets; `ratio` is a bucket's visits' mean or share, and needs visits. */
  kind: 'count' | 'ratio';
  /** A value in full, for tooltips: `1,234`, `42%`, `1m 20s`, `2.35`. */
  format: (value: number, locale?: string) => string;
  /** A value in a few characters, for the value axis: `1.2k`, `42%`, `1m 20s`. */
  formatShort: (value: number, locale?: string) => string;
}

const count = (label: string): ChartMetricInfo => ({
  label,
  kind: 'count',
  format: formatNumber,
  formatShort: formatCompact,
});

export const CHART_METRIC_INFO: Record<ChartMetric, ChartMetricInfo> = {
  visitors: count('Visitors'),
  visits: count('Visits'),
  pageviews: count('Pageviews'),
  views_per_visit: {
    label: 'Views per visit',
    kind: 'ratio',
    format: formatViewsPerVisit,
    formatShort: formatViewsPerVisit,
  },
  bounce_rate: {
    label: 'Bounce rate',
    kind: 'ratio',
    format: (value, locale) => formatPercent(value, {}, locale),
    formatShort: (value, locale) => formatPercent(value, {}, locale),
  },
  visit_duration: {
    label: 'Visit duration',
    kind: 'ratio',
    format: formatDuration,
    formatShort: formatDuration,
  },
  events: count('Custom events'),
};

/**
 * A bucket's value of `metric`, or null when it has none: a ratio of a bucket without visits is not 0 %
 * bounce or 0 s duration, it is nothing to measure (the API answers 0 there).
 */
export function bucketValue(point: TimeseriesPoint, metric: ChartMetric): number | null {
  return CHART_METRIC_INFO[metric].kind === 'ratio' && point.visits === 0 ? null : point[metric];
}
