import type { Interval, TimeseriesPoint } from '@footfall/contract';
import {
  type BucketInterval,
  formatBucketLabel,
  formatBucketTooltip,
  formatChange,
  formatCompact,
} from '@footfall/contract/format';
import { bucketValue, CHART_METRIC_INFO } from '../lib/analytics/chart-metrics';
import { noDataBefore } from '../lib/analytics/comparison-coverage';
import { bucketsBegun, type TimeChartMetric } from './time-layout';

// The sentences a screen reader hears for a whole chart: what is plotted, over which buckets, the total
// and the peak (for a ratio, its highest and lowest). They are the chart's aria-label, so they stay short.

/** How a bucket is named in a sentence: hours need their day, which the axis label leaves out. */
export function bucketName(date: string, interval: BucketInterval, locale?: string): string {
  return interval === 'hour' || interval === 'minute'
    ? formatBucketTooltip(date, interval, locale)
    : formatBucketLabel(date, interval, locale);
}

const PEAK_PREPOSITION: Record<BucketInterval, string> = {
  minute: 'at',
  hour: 'at',
  day: 'on',
  week: 'in',
  month: 'in',
};

/** The first index holding the largest value, or -1 for an empty list. */
export function peakIndex(values: readonly number[]): number {
  let best = -1;
  values.forEach((value, index) => {
    if (best === -1 || value > (values[best] ?? 0)) best = index;
  });
  return best;
}

export interface SeriesSummaryInput {
  /** What is counted per bucket, capitalised: `Visitors`, `API calls`. */
  what: string;
  dates: readonly string[];
  values: readonly number[];
  interval: BucketInterval;
  locale?: string | undefined;
}

/** "Visitors per day, from Mar 1 to Mar 30: total 1.2k, peak 80 on Mar 14". */
export function seriesSummary({ what, dates, values, interval, locale }: SeriesSummaryInput): string {
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === undefined || last === undefined) return `${what} per ${interval}: no data`;
  const span =
    dates.length === 1
      ? bucketName(first, interval, locale)
      : `from ${bucketName(first, interval, locale)} to ${bucketName(last, interval, locale)}`;
  const total = values.reduce((sum, value) => sum + value, 0);
  const parts = [`total ${formatCompact(total, locale)}`];
  const peak = peakIndex(values);
  const peakDate = dates[peak];
  if (dates.length > 1 && peakDate !== undefined && (values[peak] ?? 0) > 0) {
    const when = `${PEAK_PREPOSITION[interval]} ${bucketName(peakDate, interval, locale)}`;
    parts.push(`peak ${formatCompact(values[peak] ?? 0, locale)} ${when}`);
  }
  return `${what} per ${interval}, ${span}: ${parts.join(', ')}`;
}

export interface TimeSummaryInput {
  points: readonly TimeseriesPoint[];
  comparison?: readonly TimeseriesPoint[] | undefined;
  /** The site's first day with data, given when the previous period began before it: no total, no change. */
  comparisonFirstDay?: string | undefined;
  metric: TimeChartMetric;
  interval: Interval;
  /** The latest bucket that has begun: the label speaks of the buckets up to it. */
  through?: string | undefined;
  locale?: string | undefined;
}

/**
 * The time chart's label, with the previous period's total and the change when there is one. Only the
 * buckets that have begun are summed, against as many of the previous period's.
 */
export function timeChartSummary(input: TimeSummaryInput): string {
  const { comparison, metric, interval, locale } = input;
  const points = input.points.slice(0, bucketsBegun(input.points, input.through));
  if (CHART_METRIC_INFO[metric].kind === 'ratio') return ratioSummary({ ...input, points });
  const values = points.map((point) => point[metric]);
  const summary = seriesSummary({
    what: CHART_METRIC_INFO[metric].label,
    dates: points.map((point) => point.date),
    values,
    interval,
    locale,
  });
  if (!comparison || comparison.length === 0 || points.length === 0) return summary;
  const { comparisonFirstDay: firstDay } = input;
  if (firstDay !== undefined) return `${summary}; the previous period has ${noDataBefore(firstDay, locale)}`;
  const sum = (list: readonly number[]) => list.reduce((total, value) => total + value, 0);
  const previous = sum(comparison.slice(0, points.length).map((point) => point[metric]));
  const change = formatChange(sum(values), previous, {}, locale);
  const changeText = change.direction === 'new' ? '' : ` (${change.text})`;
  return `${summary}; previous period total ${formatCompact(previous, locale)}${changeText}`;
}

/**
 * "Bounce rate per day, from Mar 1 to Mar 30: highest 80% on Mar 14, lowest 20% on Mar 3": a ratio does not
 * add up over buckets, and buckets without visits have none.
 */
function ratioSummary({ points, metric, interval, locale }: TimeSummaryInput): string {
  const info = CHART_METRIC_INFO[metric];
  const what = `${info.label} per ${interval}`;
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return `${what}: no data`;
  const span =
    points.length === 1
      ? bucketName(first.date, interval, locale)
      : `from ${bucketName(first.date, interval, locale)} to ${bucketName(last.date, interval, locale)}`;
  const measured = points.flatMap((point) => {
    const value = bucketValue(point, metric);
    return value === null ? [] : [{ date: point.date, value }];
  });
  if (measured.length === 0) return `${what}, ${span}: no visits`;
  const sorted = [...measured].sort((a, b) => b.value - a.value);
  const at = (entry: { date: string; value: number }) =>
    `${info.format(entry.value, locale)} ${PEAK_PREPOSITION[interval]} ${bucketName(entry.date, interval, locale)}`;
  const highest = sorted[0] as (typeof sorted)[number];
  const lowest = sorted.at(-1) as (typeof sorted)[number];
  const extremes = measured.length === 1 ? at(highest) : `highest ${at(highest)}, lowest ${at(lowest)}`;
  return `${what}, ${span}: ${extremes}`;
}

export interface BarSummaryInput {
  dates: readonly string[];
  series: readonly { name: string; counts: readonly number[] }[];
  totals: readonly number[];
  countLabel: string;
  reference?: { value: number; label: string } | undefined;
  interval: BucketInterval;
  locale?: string | undefined;
}

/** The bar chart's label: the totals' summary, each series' share when stacked, and the reference line. */
export function barChartSummary(input: BarSummaryInput): string {
  const { locale } = input;
  const parts = [
    seriesSummary({
      what: input.countLabel,
      dates: input.dates,
      values: input.totals,
      interval: input.interval,
      locale,
    }),
  ];
  if (input.series.length > 1) {
    const shares = input.series.map((one) => {
      const total = one.counts.reduce((sum, count) => sum + count, 0);
      return `${one.name} ${formatCompact(total, locale)}`;
    });
    parts.push(shares.join(', '));
  }
  if (input.reference) {
    parts.push(`${input.reference.label} at ${formatCompact(input.reference.value, locale)}`);
  }
  return parts.join('; ');
}

/** "Visitors, last 30 days: latest 40, low 12, high 80". */
export function sparklineSummary(label: string, values: readonly number[], locale?: string): string {
  const finite = values.filter(Number.isFinite);
  const latest = finite[finite.length - 1];
  if (latest === undefined) return `${label}: no data`;
  const low = formatCompact(Math.min(...finite), locale);
  const high = formatCompact(Math.max(...finite), locale);
  return `${label}: latest ${formatCompact(latest, locale)}, low ${low}, high ${high}`;
}
