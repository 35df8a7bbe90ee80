import type { Interval, TimeseriesPoint } from '@footfall/contract';
import { bucketValue, CHART_METRIC_INFO, type ChartMetric } from '../lib/analytics/chart-metrics';
import { bucketHasData } from '../lib/analytics/comparison-coverage';
import { type BucketTick, bucketTicks, chartFrame, type Frame } from './frame';
import { linearScale, nearestIndex } from './scales';

/** The figure a time chart plots: any of the summary's, per bucket. */
export type TimeChartMetric = ChartMetric;

/** A point in plot pixels, origin at the plot's top left; null where the line has a gap. */
export type PlotPoint = readonly [x: number, y: number];
export type LinePoint = PlotPoint | null;

export interface TimeLayoutInput {
  points: readonly TimeseriesPoint[];
  comparison?: readonly TimeseriesPoint[] | undefined;
  /**
   * The site's first day with data, given when the previous period began before it: the buckets before it
   * had nothing to count, so the dashed line leaves them out rather than lying at zero. Every bucket is
   * drawn without it.
   */
  comparisonFirstDay?: string | undefined;
  metric: TimeChartMetric;
  interval: Interval;
  /**
   * The date of the latest bucket that has begun (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:00` for hours): later
   * buckets are still to come, so the line stops there instead of dropping to zero. All are drawn without it.
   */
  through?: string | undefined;
  width: number;
  height: number;
  locale?: string | undefined;
}

export interface TimeLayout {
  frame: Frame;
  /**
   * The values of the buckets that have begun (all of them without `through`), in order; null for a ratio
   * of a bucket without visits (bounce rate, duration, views per visit), where the line has a gap.
   */
  values: (number | null)[];
  /**
   * The previous period's values, cut to the current period's length since they align by index; null
   * before the site's first day with data, as for a ratio without visits.
   */
  previous: (number | null)[];
  xOf: (index: number) => number;
  indexAt: (pixel: number) => number;
  ticks: BucketTick[];
  line: LinePoint[];
  previousLine: LinePoint[];
}

/** Room on the right for the crosshair's dot and the last label's overhang. */
const MARGIN_RIGHT = 16;

/**
 * How many of `points` (oldest first) have begun by `through`. Bucket dates are zero-padded, so they
 * compare as strings; a day, week or month bucket is named by its first day and has begun when that day
 * is not after `through`'s day.
 */
export function bucketsBegun(points: readonly TimeseriesPoint[], through: string | undefined): number {
  if (through === undefined) return points.length;
  let begun = 0;
  while (begun < points.length && (points[begun]?.date ?? '') <= through) begun++;
  return begun;
}

export function timeLayout(input: TimeLayoutInput): TimeLayout {
  const { points, metric } = input;
  const measure = (point: TimeseriesPoint) => bucketValue(point, metric);
  const values = points.slice(0, bucketsBegun(points, input.through)).map(measure);
  const comparison = input.comparison ?? [];
  const previous = comparison
    .slice(0, points.length)
    .map((point, index) =>
      bucketHasData(comparison, index, input.interval, input.comparisonFirstDay) ? measure(point) : null,
    );
  const max = Math.max(0, ...values.filter(isValue), ...previous.filter(isValue));
  const format = CHART_METRIC_INFO[metric].formatShort;
  const frame = chartFrame(input.width, input.height, max, MARGIN_RIGHT, input.locale, format);
  const count = points.length;
  // One bucket sits in the middle; more spread from edge to edge, the way every analytics chart reads.
  const scale = linearScale([0, Math.max(count - 1, 1)], [0, frame.innerWidth]);
  const xOf = count === 1 ? () => frame.innerWidth / 2 : scale;
  const dates = points.map((point) => point.date);
  return {
    frame,
    values,
    previous,
    xOf,
    indexAt: (pixel) => nearestIndex(pixel, count, scale),
    ticks: bucketTicks(dates, input.interval, frame, { xOf, spacing: scale(1) - scale(0) }, input.locale),
    line: trace(values, xOf, frame, count),
    previousLine: trace(previous, xOf, frame, count),
  };
}

export const isValue = (value: number | null): value is number => value !== null;

/**
 * The points a line passes through, null where a bucket has no value. A lone bucket is drawn as a flat line
 * across the whole plot.
 */
function trace(
  values: readonly (number | null)[],
  xOf: (index: number) => number,
  frame: Frame,
  count: number,
): LinePoint[] {
  const y = frame.y.scale;
  const only = values[0];
  if (count === 1 && values.length === 1 && only !== null && only !== undefined) {
    return [
      [0, y(only)],
      [frame.innerWidth, y(only)],
    ];
  }
  return values.map((value, index) => (value === null ? null : [xOf(index), y(value)]));
}
