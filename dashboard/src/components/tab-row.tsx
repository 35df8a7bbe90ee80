import type { FocusEvent, ReactNode } from 'react';
import { useCurrentTabInView } from '../lib/hooks/use-current-tab-in-view';
import { useScrollEdges } from '../lib/hooks/use-scroll-edges';

/** How far one press of a cue scrolls the row, as a share of its visible width. */
const PAGE_SHARE = 0.75;

/**
 * A row of tab links (a `nav`, the current one with `aria-current="page"`) that scrolls sideways when it is
 * wider than the screen. A fading arrow at each edge with tabs past it says so, and a press on it scrolls
 * there. The arrows are for pointers: with a keyboard each link scrolls into view as it takes the focus, and
 * a screen reader lists every link, so they stay out of the tab order and the accessibility tree.
 */
export function TabRow({ label, children }: { label: string; children: ReactNode }) {
  const row = useCurrentTabInView<HTMLElement>();
  const edges = useScrollEdges(row);
  const scroll = (direction: -1 | 1) => {
    const element = row.current;
    if (!element) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth * PAGE_SHARE,
      behavior: smooth ? 'smooth' : 'auto',
    });
  };
  // A tab that takes the focus half hidden (the browser does not scroll for those) comes whole into view,
  // clear of the arrows (the row's scroll-padding).
  const reveal = (event: FocusEvent<HTMLElement>) => {
    if (event.target !== row.current) event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  return (
    <div className="tab-row">
      <nav className="tabs" aria-label={label} ref={row} onFocus={reveal}>
        {children}
      </nav>
      <ScrollCue side="start" shown={edges.before} onPress={() => scroll(-1)} />
      <ScrollCue side="end" shown={edges.after} onPress={() => scroll(1)} />
    </div>
  );
}

function ScrollCue({ side, shown, onPress }: { side: 'start' | 'end'; shown: boolean; onPress: () => void }) {
  return (
    <button
      type="button"
      className={`tab-cue tab-cue-${side}`}
      data-scroll-cue={side}
      hidden={!shown}
      tabIndex={-1}
      aria-hidden="true"
      onClick={onPress}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d={side === 'start' ? 'M10 3 5 8l5 5' : 'm6 3 5 5-5 5'} />
      </svg>
    </button>
  );
}
