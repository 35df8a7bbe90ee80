import { type BucketInterval, formatBucketLabel, formatCompact } from '@footfall/contract/format';
import {
  estimateTextWidth,
  type LinearScale,
  linearScale,
  pickTickIndexes,
  tickEvery,
  valueTicks,
} from './scales';

// The frame every axis chart shares: a value axis on the left whose labels decide the left margin, and
// bucket labels along the bottom, as many as fit the width.

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface ValueAxis {
  scale: LinearScale;
  ticks: { value: number; label: string }[];
}

export interface Frame {
  width: number;
  height: number;
  margin: Margin;
  innerWidth: number;
  innerHeight: number;
  y: ValueAxis;
}

export interface BucketTick {
  index: number;
  x: number;
  label: string;
  anchor: 'start' | 'middle' | 'end';
}

const MARGIN_TOP = 12;
const MARGIN_BOTTOM = 28;
/** Space between the longest value label and the plot. */
export const VALUE_LABEL_GAP = 10;
/** Vertical room per grid line: closer lines make a busy chart, further ones a vague one. */
const PIXELS_PER_VALUE_TICK = 56;

/**
 * Lays out a `width` × `height` chart whose values run from 0 to at least `max`, its value labels written
 * by `formatLabel` (compact counts unless told otherwise: `42%`, `1m 20s`).
 */
export function chartFrame(
  width: number,
  height: number,
  max: number,
  right: number,
  locale?: string,
  formatLabel: (value: number, locale?: string) => string = formatCompact,
): Frame {
  const innerHeight = Math.max(height - MARGIN_TOP - MARGIN_BOTTOM, 1);
  const target = Math.min(5, Math.max(2, Math.floor(innerHeight / PIXELS_PER_VALUE_TICK)));
  const { top, ticks } = valueTicks(max, target);
  const labelled = ticks.map((value) => ({ value, label: formatLabel(value, locale) }));
  const widest = Math.max(...labelled.map((tick) => estimateTextWidth(tick.label)));
  const margin = { top: MARGIN_TOP, right, bottom: MARGIN_BOTTOM, left: widest + VALUE_LABEL_GAP };
  return {
    width,
    height,
    margin,
    innerWidth: Math.max(width - margin.left - margin.right, 1),
    innerHeight,
    y: { scale: linearScale([0, top], [innerHeight, 0]), ticks: labelled },
  };
}

/**
 * The labelled buckets along the bottom, buckets being `spacing` pixels apart. The labels at either end
 * are anchored to stay inside the chart rather than be cut in half by its edge.
 */
export function bucketTicks(
  dates: readonly string[],
  interval: BucketInterval,
  frame: Frame,
  position: { xOf: (index: number) => number; spacing: number },
  locale?: string,
): BucketTick[] {
  const sample = [dates[0], dates[Math.floor(dates.length / 2)], dates[dates.length - 1]];
  const labelWidth = Math.max(
    0,
    ...sample.map((date) =>
      date === undefined ? 0 : estimateTextWidth(formatBucketLabel(date, interval, locale)),
    ),
  );
  const indexes = pickTickIndexes(dates.length, tickEvery(labelWidth, position.spacing));
  return indexes.map((index) => {
    const x = position.xOf(index);
    const label = formatBucketLabel(dates[index] ?? '', interval, locale);
    return { index, x, label, anchor: edgeAnchor(x, estimateTextWidth(label), frame) };
  });
}

function edgeAnchor(x: number, labelWidth: number, frame: Frame): BucketTick['anchor'] {
  const half = labelWidth / 2;
  if (x - half < -frame.margin.left) return 'start';
  if (x + half > frame.innerWidth + frame.margin.right) return 'end';
  return 'middle';
}
