import { type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, useState } from 'react';
import { moveIndex } from './keyboard';
import type { HighlightSource } from './use-chart-interaction';

export interface MapHighlight {
  /** The highlighted country, an index into the layout's countries. */
  index: number;
  source: HighlightSource;
  /** Where the pointer is, in the map's box; absent for the keyboard, which points at the country's centre. */
  pointer?: [number, number];
}

export interface MapInteraction {
  active: MapHighlight | null;
  /** For the focusable `<svg>`, whose country paths carry `data-index`. */
  svgProps: {
    tabIndex: number;
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => void;
    onFocus: (event: FocusEvent<SVGSVGElement>) => void;
    onBlur: () => void;
    onPointerMove: (event: PointerEvent<SVGSVGElement>) => void;
    onPointerDown: (event: PointerEvent<SVGSVGElement>) => void;
    onPointerLeave: () => void;
    onClick: (event: MouseEvent<SVGSVGElement>) => void;
  };
}

/** The country an event happened on: the index on the path it hit, or null for the sea. */
function indexAt(target: EventTarget | null): number | null {
  const path = target instanceof Element ? target.closest('[data-index]') : null;
  const index = Number(path?.getAttribute('data-index') ?? Number.NaN);
  return Number.isInteger(index) ? index : null;
}

/**
 * Where `key` moves the keyboard's highlight through `ranked`, as {@link moveIndex} moves a chart's: the new
 * highlight, null to hide it, or undefined for a key the map leaves to the browser. From a country outside
 * `ranked` (one the pointer left highlighted) the keys start afresh.
 */
export function keyHighlight(
  key: string,
  active: MapHighlight | null,
  ranked: readonly number[],
): MapHighlight | null | undefined {
  const position = active === null ? -1 : ranked.indexOf(active.index);
  const next = moveIndex(key, position === -1 ? null : position, ranked.length);
  if (next === undefined) return undefined;
  const index = next === null ? undefined : ranked[next];
  return index === undefined ? null : { index, source: 'keyboard' };
}

/**
 * The highlighted country of the map, moved by the pointer over any country, and by the arrow keys through
 * `ranked` (the countries with visitors, most first) while the map has focus. A click, Enter or Space on a
 * country in `ranked` calls `onSelect` with its index.
 */
export function useMapInteraction(
  ranked: readonly number[],
  onSelect?: (index: number) => void,
): MapInteraction {
  const [active, setActive] = useState<MapHighlight | null>(null);
  const track = (event: PointerEvent<SVGSVGElement>) => {
    const index = indexAt(event.target);
    const box = event.currentTarget.getBoundingClientRect();
    const pointer: [number, number] = [event.clientX - box.left, event.clientY - box.top];
    setActive(index === null ? null : { index, source: 'pointer', pointer });
  };
  const select = (index: number | null | undefined) => {
    if (index !== null && index !== undefined && ranked.includes(index)) onSelect?.(index);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      if (active === null) return;
      event.preventDefault();
      select(active.index);
      return;
    }
    const next = keyHighlight(event.key, active, ranked);
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };
  return {
    active,
    svgProps: {
      tabIndex: 0,
      onKeyDown,
      // Focus from the keyboard lands on the country with the most visitors; a click's focus leaves the
      // highlight to the pointer.
      onFocus: (event) => {
        const first = ranked[0];
        const isKeyboard = event.currentTarget.matches(':focus-visible');
        if (event.target !== event.currentTarget || !isKeyboard || first === undefined) return;
        setActive((current) => current ?? { index: first, source: 'keyboard' });
      },
      onBlur: () => setActive(null),
      onPointerMove: track,
      onPointerDown: track,
      onPointerLeave: () => setActive((current) => (current?.source === 'pointer' ? null : current)),
      onClick: (event) => select(indexAt(event.target)),
    },
  };
}
