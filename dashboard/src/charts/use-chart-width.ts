import { useParentSize } from '@visx/responsive';

/** Resizes settle this long before the chart redraws; the first size is taken at once. */
const RESIZE_DEBOUNCE_MS = 60;

/** Only the width is measured: each chart is told its height. */
const IGNORED_DIMENSIONS: ('height' | 'top' | 'left')[] = ['height', 'top', 'left'];

/**
 * The width to draw at: `fixed` when given (tests, server rendering, the PDF export), otherwise the
 * measured width of the element `ref` is attached to, which is 0 until the first measurement.
 */
export function useChartWidth(fixed: number | undefined): {
  ref: ((element: HTMLDivElement | null) => void) | undefined;
  width: number;
} {
  const { parentRef, width } = useParentSize({
    debounceTime: RESIZE_DEBOUNCE_MS,
    ignoreDimensions: IGNORED_DIMENSIONS,
  });
  if (fixed !== undefined) return { ref: undefined, width: Math.max(0, Math.floor(fixed)) };
  return { ref: parentRef, width: Math.floor(width) };
}
