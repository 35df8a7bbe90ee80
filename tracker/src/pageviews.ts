import { isHashMode } from './config';
import { doc, loc, safe } from './dom';
import { sendEngagement, startEngagement } from './engagement';
import { send, setPageUrl } from './send';

/** What identifies the current page: its path, plus its hash in hash mode. */
let lastPage: string;
/** `document.referrer`, sent with the first page view only: later ones come from this same site. */
let referrer: string | undefined;

const currentPage = (): string => loc.pathname + (isHashMode ? loc.hash : '');

/** Starts a page view at the current address and sends it. */
function sendPageview(): void {
  lastPage = currentPage();
  setPageUrl();
  startEngagement();
  send('pageview', { referrer });
  referrer = undefined;
}

/**
 * A history navigation. `pushState` makes a new history entry, so it always starts a page view;
 * `replaceState`, `popstate` and `hashchange` only when the page changed (a query tweak or, outside hash
 * mode, a jump to an anchor stays on the same page). The page left gets its engagement first.
 */
export const navigate = safe((isReplacement: unknown): void => {
  // `isReplacement` is false for `pushState` only: the listeners pass their (truthy) event.
  if (!isReplacement || currentPage() !== lastPage) {
    sendEngagement();
    sendPageview();
  }
});

/** Wraps `history[method]`: the host's call keeps its `this`, arguments, result and errors. */
function hook(method: 'pushState' | 'replaceState'): void {
  const original = history[method];
  history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
    const result = original.apply(this, args);
    navigate(method !== 'pushState');
    return result;
  };
}

/** Sends the first page view and hooks the history API (`popstate` and `hashchange` call `navigate`). */
export function trackPageviews(): void {
  referrer = doc.referrer;
  sendPageview();
  hook('pushState');
  hook('replaceState');
}
