// Arrow-key stepping through a focused chart's buckets, in the spirit of the WAI-ARIA slider pattern:
// left and right move one bucket, Home and End jump to the ends, Page Up and Page Down move a tenth of
// the way, and Escape hides the highlight.

/**
 * Where `key` moves the highlight among `count` buckets from `current` (null: nothing highlighted):
 * the new index, null to hide the highlight, or undefined when the key is not one the chart handles,
 * so the browser keeps its default (scrolling, tabbing away).
 */
export function moveIndex(key: string, current: number | null, count: number): number | null | undefined {
  if (count <= 0) return undefined;
  const last = count - 1;
  const page = Math.max(1, Math.round(count / 10));
  const clamp = (index: number) => Math.min(Math.max(index, 0), last);
  switch (key) {
    case 'ArrowLeft':
      return current === null ? last : clamp(current - 1);
    case 'ArrowRight':
      return current === null ? 0 : clamp(current + 1);
    case 'PageUp':
      return clamp((current ?? last) - page);
    case 'PageDown':
      return clamp((current ?? 0) + page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Escape':
      return current === null ? undefined : null;
    default:
      return undefined;
  }
}
