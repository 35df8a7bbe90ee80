import type { Interval, TimeseriesPoint } from '@footfall/contract';
import { formatBucketTooltip, formatFigureChange } from '@footfall/contract/format';
import { bucketValue, CHART_METRIC_INFO } from '../lib/analytics/chart-metrics';
import { bucketHasData } from '../lib/analytics/comparison-coverage';
import type { ChartNote } from './note-layout';
import { bucketsBegun, type TimeChartMetric } from './time-layout';
import type { TooltipContent, TooltipRow } from './tooltip-content';

export interface TimeTooltipInput {
  points: readonly TimeseriesPoint[];
  comparison?: readonly TimeseriesPoint[] | undefined;
  /** The site's first day with data: a previous bucket before it says so, and has no change. */
  comparisonFirstDay?: string | undefined;
  metric: TimeChartMetric;
  interval: Interval;
  index: number;
  /** The date of the latest bucket that has begun: a later one has no value yet, only the previous period's. */
  through?: string | undefined;
  locale?: string | undefined;
  /** The site's notes on this bucket. */
  notes?: readonly ChartNote[] | undefined;
}

/**
 * The bucket at `index`: its date, the metric, and, when the previous period has a bucket at the same
 * index, that bucket's own date and value and the change between the two. A bucket still to come says
 * "not yet", a ratio of a bucket without visits "no visits", a previous bucket before the site's first day
 * with data "no data yet"; none of them has a change.
 */
export function timeTooltipContent(input: TimeTooltipInput): TooltipContent | undefined {
  const { metric, interval, index, locale } = input;
  const point = input.points[index];
  if (!point) return undefined;
  const info = CHART_METRIC_INFO[metric];
  const begun = index < bucketsBegun(input.points, input.through);
  const value = begun ? bucketValue(point, metric) : null;
  const rows: TooltipRow[] = [
    {
      label: info.label,
      value: !begun ? 'not yet' : value === null ? 'no visits' : info.format(value, locale),
      swatch: { color: '--chart-primary' },
    },
  ];
  const previous = input.comparison?.[index];
  const title = formatBucketTooltip(point.date, interval, locale);
  const notes = noteLines(input.notes ?? []);
  if (!previous) return { title, rows, notes };
  const counted = bucketHasData(input.comparison ?? [], index, interval, input.comparisonFirstDay);
  rows.push(previousRow(previous, input, counted));
  const before = counted ? bucketValue(previous, metric) : null;
  if (value === null || before === null) return { title, rows, notes };
  const change = formatFigureChange(metric, value, before, locale);
  return { title, rows, change, notes };
}

/**
 * "Launch day (Ada)": each note with its writer, as the tooltip lists them under the figures; a shared link's
 * notes come without their writers.
 */
function noteLines(notes: readonly ChartNote[]): string[] | undefined {
  if (notes.length === 0) return undefined;
  return notes.map((note) => (note.author ? `${note.text} (${note.author})` : note.text));
}

/** The previous period's bucket at the same index: its own date and value, drawn dashed. */
function previousRow(previous: TimeseriesPoint, input: TimeTooltipInput, counted: boolean): TooltipRow {
  const info = CHART_METRIC_INFO[input.metric];
  const value = bucketValue(previous, input.metric);
  return {
    label: formatBucketTooltip(previous.date, input.interval, input.locale),
    value: !counted ? 'no data yet' : value === null ? 'no visits' : info.format(value, input.locale),
    swatch: { color: '--chart-compare', dashed: true },
  };
}
