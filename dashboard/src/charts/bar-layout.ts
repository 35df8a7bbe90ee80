import type { BucketInterval } from '@footfall/contract/format';
import { type BucketTick, bucketTicks, chartFrame, type Frame } from './frame';
import { clampIndex } from './scales';
import { type BarSeries, type Stacks, stackSeries } from './stack';

export interface BarLayoutInput {
  dates: readonly string[];
  series: readonly BarSeries[];
  /**
   * The reference line's value. It widens the value axis only when that leaves the bars at least half the
   * height: a quota far above the real usage would otherwise flatten every bar to the baseline.
   */
  reference?: number | undefined;
  interval: BucketInterval;
  width: number;
  height: number;
  locale?: string | undefined;
}

export interface BarLayout {
  frame: Frame;
  stacks: Stacks;
  /** The width of one date's column; its bar is centred in it. */
  step: number;
  barWidth: number;
  /** The left edge of the bar at `index`. */
  barX: (index: number) => number;
  indexAt: (pixel: number) => number;
  ticks: BucketTick[];
  /** Whether the reference line lies within the value axis; when not, the chart notes it under the plot. */
  referenceInView: boolean;
}

/** The reference may raise the axis to this many times the tallest bar, and no further. */
const REFERENCE_HEADROOM = 2;

/** Bars fill this share of their column; the rest is the gap that tells them apart. */
const BAR_FILL = 0.72;
/** A few wide bars read as blocks, not bars. */
const MAX_BAR_WIDTH = 48;
const MARGIN_RIGHT = 8;

/** The palette has this many colours (`--chart-series-1` to `-6`); further series reuse them in turn. */
export const SERIES_COLORS = 6;

export function seriesColor(index: number): `--chart-series-${number}` {
  return `--chart-series-${(index % SERIES_COLORS) + 1}`;
}

/** Whether a reference at `reference` fits the value axis of bars whose tallest stack is `tallest`. */
export function fitsReference(tallest: number, reference: number): boolean {
  return tallest === 0 || reference <= tallest * REFERENCE_HEADROOM;
}

export function barLayout(input: BarLayoutInput): BarLayout {
  const count = input.dates.length;
  const stacks = stackSeries(input.series, count);
  const tallest = Math.max(0, ...stacks.totals);
  const reference = input.reference ?? 0;
  const referenceInView = fitsReference(tallest, reference);
  const max = referenceInView ? Math.max(tallest, reference) : tallest;
  const frame = chartFrame(input.width, input.height, max, MARGIN_RIGHT, input.locale);
  const step = frame.innerWidth / Math.max(count, 1);
  const barWidth = Math.max(1, Math.min(step * BAR_FILL, MAX_BAR_WIDTH));
  const center = (index: number) => (index + 0.5) * step;
  return {
    frame,
    stacks,
    step,
    barWidth,
    barX: (index) => center(index) - barWidth / 2,
    indexAt: (pixel) => clampIndex(Math.floor(pixel / step), count),
    ticks: bucketTicks(input.dates, input.interval, frame, { xOf: center, spacing: step }, input.locale),
    referenceInView,
  };
}
