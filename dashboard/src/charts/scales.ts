// Scales and ticks, written out rather than taken from @visx/scale: that package brings all of d3-scale,
// d3-interpolate and d3-color (about 11 KB gzip, more than the rest of the chart chunk) for what is,
// here, one linear map. The charts only ever plot counts against evenly spaced buckets.

/** A linear map from data values onto pixels, with its inverse for pointer positions. */
export interface LinearScale {
  (value: number): number;
  invert(pixel: number): number;
}

export function linearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  // An empty interval maps everything onto its start instead of dividing by zero.
  const domainSpan = d1 - d0 || 1;
  const rangeSpan = r1 - r0 || 1;
  return Object.assign((value: number) => r0 + ((value - d0) / domainSpan) * (r1 - r0), {
    invert: (pixel: number) => d0 + ((pixel - r0) / rangeSpan) * (d1 - d0),
  });
}

/** A value axis: its top (the domain is always 0 to top) and the values that get a grid line. */
export interface ValueTicks {
  top: number;
  ticks: number[];
}

/**
 * Ticks for a count axis from 0 to at least `max`, about `target` of them, on whole-number steps of 1, 2
 * or 5 times a power of ten, picked as d3's ticks are: the nice step nearest to the exact one, so the
 * count lands near `target` on either side. Counts are whole numbers, so a step below 1 would only
 * repeat labels (0, 0, 1, 1). An empty or all-zero series still gets 0 and 1, which keeps its flat line
 * at the bottom.
 */
export function valueTicks(max: number, target: number): ValueTicks {
  if (!Number.isFinite(max) || max <= 0) return { top: 1, ticks: [0, 1] };
  const raw = max / Math.max(1, target);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const error = raw / magnitude;
  const nice = error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.SQRT2 ? 2 : 1;
  const step = Math.max(1, nice * magnitude);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return { top, ticks };
}

/** Average glyph width of the axis font (12 px system sans) relative to its size, digits included. */
const GLYPH_WIDTH = 0.6;
export const AXIS_FONT_SIZE = 12;
/** The least space between two bucket labels. */
const LABEL_GAP = 24;

/**
 * How many buckets apart labels go so that neighbours do not touch: labels `labelWidth` wide with `gap`
 * between them, on buckets `spacing` pixels apart. Every bucket when they fit, else every second, third…
 */
export function tickEvery(labelWidth: number, spacing: number, gap = LABEL_GAP): number {
  if (!(spacing > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.ceil((labelWidth + gap) / spacing));
}

/** The buckets that get a label: every `every`th of `count` from the first, which is always labelled. */
export function pickTickIndexes(count: number, every: number): number[] {
  const indexes: number[] = [];
  const step = Math.max(1, every);
  for (let index = 0; index < count; index += step) indexes.push(index);
  return indexes;
}

/**
 * The width a label will take, estimated: measuring text needs a DOM, which the server render and the
 * PDF export do not have, and the estimate only decides how many labels fit.
 */
export function estimateTextWidth(text: string, fontSize = AXIS_FONT_SIZE): number {
  return Math.ceil(text.length * fontSize * GLYPH_WIDTH);
}

/** The bucket nearest to a pointer `pixel` on an axis of `count` buckets laid out by `scale`. */
export function nearestIndex(pixel: number, count: number, scale: LinearScale): number {
  if (count <= 1) return 0;
  return clampIndex(Math.round(scale.invert(pixel)), count);
}

export function clampIndex(index: number, count: number): number {
  return Math.min(Math.max(index, 0), Math.max(count - 1, 0));
}
