import type { Interval, TimeseriesPoint } from '@footfall/contract';
import { formatBucketTooltip, formatChange, formatNumber } from '../lib/format';
import { METRIC_LABELS } from './summary';
import { bucketsBegun, type TimeChartMetric } from './time-layout';
import type { TooltipContent, TooltipRow } from './tooltip-content';

export interface TimeTooltipInput {
  points: readonly TimeseriesPoint[];
  comparison?: readonly TimeseriesPoint[] | undefined;
  metric: TimeChartMetric;
  interval: Interval;
  index: number;
  /** The date of the latest bucket that has begun: a later one has no value yet, only the previous period's. */
  through?: string | undefined;
  locale?: string | undefined;
}

/**
 * The bucket at `index`: its date, the metric, and, when the previous period has a bucket at the same
 * index, that bucket's own date and value and the change between the two.
 */
export function timeTooltipContent(input: TimeTooltipInput): TooltipContent | undefined {
  const { metric, interval, index, locale } = input;
  const point = input.points[index];
  if (!point) return undefined;
  const begun = index < bucketsBegun(input.points, input.through);
  const rows: TooltipRow[] = [
    {
      label: METRIC_LABELS[metric],
      value: begun ? formatNumber(point[metric], locale) : 'not yet',
      swatch: { color: '--chart-primary' },
    },
  ];
  const previous = input.comparison?.[index];
  if (!previous || !begun) {
    if (previous) rows.push(previousRow(previous, input));
    return { title: formatBucketTooltip(point.date, interval, locale), rows };
  }
  rows.push(previousRow(previous, input));
  return {
    title: formatBucketTooltip(point.date, interval, locale),
    rows,
    change: formatChange(point[metric], previous[metric], {}, locale),
  };
}

/** The previous period's bucket at the same index: its own date and value, drawn dashed. */
function previousRow(previous: TimeseriesPoint, input: TimeTooltipInput): TooltipRow {
  return {
    label: formatBucketTooltip(previous.date, input.interval, input.locale),
    value: formatNumber(previous[input.metric], input.locale),
    swatch: { color: '--chart-compare', dashed: true },
  };
}
