import { send } from './send';

/** When the page last became visible, or `false` while the clock is stopped (the page is hidden). */
let visibleSince: number | false;
/** The deepest scroll reached on this page view, in percent. */
let scrollDepth: number;

/** Records how far down the page the bottom of the viewport has been (the scroll listener). */
export const measureScroll = (): void => {
  // `| 0` drops the fraction, and turns the NaN or Infinity of an empty or unmeasured page into 0.
  scrollDepth = Math.max(
    scrollDepth,
    Math.min(100, (((scrollY + innerHeight) * 100) / document.documentElement.scrollHeight) | 0),
  );
};

/**
 * Reports the foreground time since the clock (re)started, with the deepest scroll so far, then restarts
 * the clock if the page is visible. Called when the visibility changes (hidden: a report; shown: the clock
 * starts again, and there is nothing to report) and before an SPA navigation's page view. The server adds a
 * visit's reports up, so no time counts twice; a report with no foreground time is not sent.
 */
export const report = (): void => {
  measureScroll();
  const engagedMs = visibleSince && Date.now() - visibleSince;
  if (engagedMs) send('engagement', { engaged_ms: engagedMs, scroll_depth: scrollDepth });
  visibleSince = !document.hidden && Date.now();
};

/** Starts the scroll depth over for a new page view (`report` has just restarted the clock). */
export const resetScroll = (): void => {
  scrollDepth = 0;
};
