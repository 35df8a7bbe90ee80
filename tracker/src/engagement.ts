import { doc, now } from './dom';
import { send } from './send';

/** Foreground milliseconds of the current page view not reported yet, up to `visibleSince`. */
let engagedMs: number;
/** When the page last became visible; 0 while it is hidden. */
let visibleSince: number;
/** The deepest scroll reached on this page view, in percent. */
let scrollDepth: number;
/** Whether this page view has sent an engagement. */
let isReported: boolean;
/** The time the last engagement reported, on any page view. */
let lastReportedMs: number | undefined;

/** Resets the counters for a new page view. */
export function startEngagement(): void {
  engagedMs = scrollDepth = 0;
  visibleSince = doc.hidden ? 0 : now();
  isReported = false;
}

/** Records how far down the page the bottom of the viewport has been (scroll listener). */
export function measureScroll(): void {
  // `| 0` rounds, and turns the NaN or Infinity of an empty or unmeasured page into 0.
  const depth = ((scrollY + innerHeight) / doc.documentElement.scrollHeight) * 100 + 0.5;
  scrollDepth = Math.max(scrollDepth, Math.min(100, depth | 0));
}

/**
 * Stops the clock and reports the page view's foreground time since its previous report (the server adds
 * the reports up) and its deepest scroll so far: when the page is hidden or left, and before an SPA
 * navigation starts the next page view. A report of 0 ms is sent once per page view at most, and never
 * twice in a row: hidden then pagehide, or pages left unseen, add nothing.
 */
export function sendEngagement(): void {
  if (visibleSince) engagedMs += now() - visibleSince;
  visibleSince = 0;
  measureScroll();
  if (engagedMs || (!isReported && lastReportedMs !== 0)) {
    send('engagement', { engaged_ms: engagedMs, scroll_depth: scrollDepth });
    lastReportedMs = engagedMs;
    isReported = true;
    engagedMs = 0;
  }
}

/** Stops the clock and reports when the page is hidden; restarts it when the page is shown again. */
export function onVisibilityChange(): void {
  if (doc.hidden) sendEngagement();
  else visibleSince = now();
}
