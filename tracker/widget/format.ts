const SUFFIXES = ['', 'k', 'M', 'B'];

/** Whole numbers without a unit; one decimal below 100 of a unit (`12.3k`), none from there (`123k`). */
const roundIn = (value: number, unit: number): number =>
  unit && value < 99.95 ? Math.round(value * 10) / 10 : Math.round(value);

/**
 * A count as people read it at a glance: `987`, `1.2k`, `12.3k`, `123k`, `4.5M`. A count that rounds up to
 * the next unit takes it (`999,600` is `1M`, not `1000k`).
 */
export function formatCount(count: number): string {
  let value = Math.max(0, count);
  let unit = 0;
  while (unit < SUFFIXES.length - 1 && roundIn(value, unit) >= 1000) {
    value /= 1000;
    unit++;
  }
  return `${roundIn(value, unit)}${SUFFIXES[unit]}`;
}

/** The sparkline's drawing area, in SVG user units. */
export const SPARK_WIDTH = 120;
export const SPARK_HEIGHT = 32;
const PADDING = 2;

/**
 * The points of an SVG polyline through the daily counts, oldest on the left; the tallest day touches the
 * top, zero the bottom. An empty series draws nothing.
 */
export function sparklinePoints(counts: readonly number[]): string {
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? SPARK_WIDTH / (counts.length - 1) : 0;
  return counts
    .map((count, index) => {
      const x = index * step;
      const y = SPARK_HEIGHT - PADDING - (Math.max(0, count) / max) * (SPARK_HEIGHT - 2 * PADDING);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}
