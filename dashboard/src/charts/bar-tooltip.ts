import { type BucketInterval, formatBucketTooltip, formatNumber } from '@footfall/contract/format';
import { seriesColor } from './bar-layout';
import type { BarSeries, Stacks } from './stack';
import type { TooltipContent, TooltipRow } from './tooltip-content';

export interface BarTooltipInput {
  dates: readonly string[];
  series: readonly BarSeries[];
  stacks: Stacks;
  /** What one series counts when there is only one: `API calls`. */
  countLabel: string;
  reference?: { value: number; label: string } | undefined;
  interval: BucketInterval;
  index: number;
  locale?: string | undefined;
}

/**
 * The date at `index`: each series with calls that day, top of the bar first as on screen, then the
 * total when there are several series, then the reference value for scale.
 */
export function barTooltipContent(input: BarTooltipInput): TooltipContent | undefined {
  const { series, stacks, index, locale } = input;
  const date = input.dates[index];
  if (date === undefined) return undefined;
  const total = stacks.totals[index] ?? 0;
  const rows: TooltipRow[] =
    series.length <= 1
      ? [{ label: input.countLabel, value: formatNumber(total, locale), swatch: { color: seriesColor(0) } }]
      : (stacks.segments[index] ?? []).toReversed().map((segment) => ({
          label: series[segment.series]?.name ?? '',
          value: formatNumber(segment.end - segment.start, locale),
          swatch: { color: seriesColor(segment.series) },
        }));
  if (series.length > 1) rows.push({ label: 'Total', value: formatNumber(total, locale), muted: true });
  if (input.reference) {
    const { label, value } = input.reference;
    rows.push({
      label,
      value: formatNumber(value, locale),
      swatch: { color: '--chart-reference', dashed: true },
      muted: true,
    });
  }
  return { title: formatBucketTooltip(date, input.interval, locale), rows };
}
