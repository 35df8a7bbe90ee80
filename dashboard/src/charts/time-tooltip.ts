import type { Interval, TimeseriesPoint } from '@footfall/contract';
import { formatBucketTooltip, formatChange, formatNumber } from '../lib/format';
import { METRIC_LABELS } from './summary';
import type { TimeChartMetric } from './time-layout';
import type { TooltipContent, TooltipRow } from './tooltip-content';

export interface TimeTooltipInput {
  points: readonly TimeseriesPoint[];
  comparison?: readonly TimeseriesPoint[] | undefined;
  metric: TimeChartMetric;
  interval: Interval;
  index: number;
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
  const rows: TooltipRow[] = [
    {
      label: METRIC_LABELS[metric],
      value: formatNumber(point[metric], locale),
      swatch: { color: '--chart-primary' },
    },
  ];
  const previous = input.comparison?.[index];
  if (!previous) return { title: formatBucketTooltip(point.date, interval, locale), rows };
  rows.push({
    label: formatBucketTooltip(previous.date, interval, locale),
    value: formatNumber(previous[metric], locale),
    swatch: { color: '--chart-compare', dashed: true },
  });
  return {
    title: formatBucketTooltip(point.date, interval, locale),
    rows,
    change: formatChange(point[metric], previous[metric], {}, locale),
  };
}
