/**
 * Footfall's tracking snippet, `/t.js`:
 * `<script defer src="https://HOST/t.js" data-company="KEY"></script>`. The click features live in an
 * extension, `/t-clicks.js` (`src/clicks/`), which `loadClicks` fetches when the site uses them. See
 * ARCHITECTURE.md.
 */
import { readConfig } from './config';
import { measureScroll, report } from './engagement';
import { type EventOptions, trackEvent } from './events';
import { isIgnored, isTrackingAllowed } from './guards';
import { loadClicks } from './loader';
import { navigate } from './pageviews';
import { pageUrl } from './send';

type EventArgs = [name: string, options?: EventOptions];

/** Calls waiting for the first page view: the stub's, then any made while the page is prerendered. */
const queue = (window.footfall?.q || []) as EventArgs[];
/** Whether this visit may be tracked; the first page view (`pageUrl`) tells whether it has started. */
let isAllowed: unknown;

/**
 * What each listened event does, by type. `popstate` also comes with every hash change, and
 * `visibilitychange` when the page is left.
 */
const handlers: Record<string, (event: never) => void> = {
  popstate: navigate,
  visibilitychange: report,
  scroll: measureScroll,
  prerenderingchange: start,
};

/**
 * The one entry point of every event, and of the history hooks (`{type: 'pushState'}`): it swallows the
 * tracker's own errors, so the host page never sees one. The hooks' types have no handler and navigate;
 * they are not listened to, so a host page that dispatches events of those names adds no page views.
 */
function handle(event: { type: string }): void {
  try {
    ((handlers[event.type] || navigate) as (event: unknown) => void)(event);
  } catch {
    // The host page must never see the tracker fail.
  }
}

/**
 * Wraps `history.pushState` and `replaceState` (the host's call keeps its `this`, arguments, result and
 * errors; then the tracker handles it), listens on `window` in the capture phase (it sees document events
 * before the page can stop them), loads the click extension when the site uses it, sends the first page view
 * and replays the queue. A first page view that fails to send leaves the tracking set up, and the extension
 * loading.
 */
function start(): void {
  for (const type of ['pushState', 'replaceState'] as const) {
    const original = history[type];
    history[type] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      handle({ type });
      return result;
    };
  }
  for (const type in handlers) addEventListener(type, handle, true);
  loadClicks();
  navigate({});
  for (const args of queue) trackEvent(...args);
}

// Defined first, so the host page's calls never throw, even when this visit is not tracked.
window.footfall = (...args: EventArgs) => {
  try {
    pageUrl ? trackEvent(...args) : isAllowed && queue.push(args);
  } catch {
    // As in `handle`.
  }
};

try {
  readConfig();
  isAllowed = isTrackingAllowed();
  // Last: where reading storage throws (cookies blocked), the visit stays tracked, as nothing was set.
  if (isIgnored()) isAllowed = 0;
} catch {
  // Without `document.currentScript` (the tracker was not loaded by a script tag), nothing is tracked.
}
// A prerendered page may never be seen: it is counted once the visitor activates it.
if (isAllowed) {
  document.prerendering
    ? addEventListener('prerenderingchange', handle, true)
    : handle({ type: 'prerenderingchange' });
}
