import { type FocusEvent, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { moveIndex } from './keyboard';

/**
 * Who moved the highlight last: only keyboard moves are read out, the pointer's would chatter. A finger's
 * (`touch`) stays when it is lifted, so its tooltip can be read; a mouse's goes when it leaves.
 */
export type HighlightSource = 'pointer' | 'touch' | 'keyboard';

export interface ChartInteraction {
  /** The highlighted bucket, always within the current data, or null. */
  active: number | null;
  source: HighlightSource;
  /** For the focusable `<svg>`. */
  svgProps: {
    tabIndex: number;
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => void;
    onFocus: (event: FocusEvent<SVGSVGElement>) => void;
    onBlur: () => void;
  };
  /** For the transparent rectangle laid over the plot, whose left edge is the plot's x = 0. */
  overlayProps: {
    onPointerMove: (event: PointerEvent<SVGRectElement>) => void;
    onPointerDown: (event: PointerEvent<SVGRectElement>) => void;
    onPointerLeave: () => void;
    onClick: () => void;
  };
}

/**
 * The highlighted bucket of a chart, moved by the pointer (hover, touch) and by the keyboard while the
 * chart has focus. `indexAt` turns a pixel offset from the plot's left edge into a bucket index.
 *
 * With `onSelect`, a click on a bucket, or Enter while the keyboard highlights one, selects it. A finger has
 * no hover, so its first tap on a bucket shows the tooltip and a second tap on the same one selects it.
 */
export function useChartInteraction(
  count: number,
  indexAt: (pixel: number) => number,
  onSelect?: (index: number) => void,
): ChartInteraction {
  const [state, setState] = useState<{ index: number | null; source: HighlightSource }>({
    index: null,
    source: 'pointer',
  });
  // What the press that a click ends found: the bucket under it, and whether a tap had shown it already.
  const press = useRef<{ index: number; selects: boolean } | null>(null);
  const track = (event: PointerEvent<SVGRectElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = indexAt(event.clientX - left);
    setState({ index, source: event.pointerType === 'touch' ? 'touch' : 'pointer' });
    return index;
  };
  return {
    // The data can shrink under a highlight (a new period loads while hovering): such an index is dropped.
    active: state.index !== null && state.index < count ? state.index : null,
    source: state.source,
    svgProps: {
      tabIndex: 0,
      onKeyDown: (event) => {
        if (onSelect && (event.key === 'Enter' || event.key === ' ') && state.index !== null) {
          event.preventDefault();
          onSelect(state.index);
          return;
        }
        const next = moveIndex(event.key, state.index, count);
        if (next === undefined) return;
        event.preventDefault();
        setState({ index: next, source: 'keyboard' });
      },
      // Focus from the keyboard lands on the latest bucket, the one people look at first.
      onFocus: (event) => {
        if (event.target !== event.currentTarget || count === 0) return;
        setState((current) => (current.index === null ? { index: count - 1, source: 'keyboard' } : current));
      },
      onBlur: () => setState({ index: null, source: 'pointer' }),
    },
    overlayProps: {
      onPointerMove: (event) => void track(event),
      onPointerDown: (event) => {
        const shown = state.source === 'touch' ? state.index : null;
        const index = track(event);
        press.current = { index, selects: event.pointerType !== 'touch' || shown === index };
      },
      onPointerLeave: () =>
        setState((current) => (current.source === 'pointer' ? { ...current, index: null } : current)),
      onClick: () => {
        const pressed = press.current;
        press.current = null;
        if (onSelect && pressed?.selects && pressed.index < count) onSelect(pressed.index);
      },
    },
  };
}
