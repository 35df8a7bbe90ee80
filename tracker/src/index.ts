/**
 * Footfall's tracking snippet, `/t.js`:
 * `<script defer src="https://HOST/t.js" data-company="KEY"></script>`. See ARCHITECTURE.md.
 */
import { readConfig } from './config';
import { doc, listen, safe, win } from './dom';
import { measureScroll, onVisibilityChange, sendEngagement } from './engagement';
import { type EventOptions, onClick, trackEvent } from './events';
import { isTrackingAllowed } from './guards';
import { navigate, trackPageviews } from './pageviews';

/**
 * `window.footfall(name, options)` sends a custom event. Calls made before the script loads are queued by
 * the stub `window.footfall=window.footfall||function(){(window.footfall.q=window.footfall.q||[]).push(arguments)}`
 * and replayed in order after the first page view.
 */
export type Footfall = ((name: string, options?: EventOptions) => void) & { q?: ArrayLike<unknown>[] };

declare global {
  interface Window {
    footfall?: Footfall;
  }
}

type EventArgs = [name: string, options?: EventOptions];

/** Calls waiting for the tracker: the stub's, then any made while the page is prerendered. */
const queue = (win.footfall?.q || []) as EventArgs[];
/** 0: not tracking (calls are dropped), 1: waiting for prerender activation (calls queue), 2: tracking. */
let state = 0;

// Defined first, so the host page's calls never throw, even when this visit is not tracked.
win.footfall = safe((name: string, options?: EventOptions) =>
  state > 1 ? trackEvent(name, options) : state && queue.push([name, options]),
);

/** Every listener, by event type. */
const listeners = {
  popstate: navigate,
  hashchange: navigate,
  visibilitychange: onVisibilityChange,
  pagehide: sendEngagement,
  scroll: measureScroll,
  click: onClick,
  auxclick: onClick,
} satisfies Record<string, (event: Event) => unknown>;

function start(): void {
  state = 2;
  trackPageviews();
  for (const type in listeners) listen(type, listeners[type as keyof typeof listeners]);
  for (const args of queue) trackEvent(args[0], args[1]);
}

safe(() => {
  readConfig();
  if (isTrackingAllowed()) {
    state = 1;
    // A prerendered page may never be seen: it is counted once the visitor activates it.
    if (doc.prerendering) listen('prerenderingchange', start);
    else start();
  }
})();
