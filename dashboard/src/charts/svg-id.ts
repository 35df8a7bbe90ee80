import { useId } from 'react';

/**
 * An id for an SVG definition (a gradient) that is unique on the page, so two charts never paint with
 * each other's gradient. React's ids contain characters (`:`, `«`) that break `url(#…)` references in
 * some renderers and in the exported image, so only letters, digits, `-` and `_` are kept.
 */
export function useSvgId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^\w-]/g, '')}`;
}
