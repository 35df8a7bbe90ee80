import { hashPattern } from './config';
import { report, resetScroll } from './engagement';
import { type EventFields, send } from './send';

/** What identifies the current page: its URL without the query (so the path, plus the hash in hash mode). */
let lastPage: string;
/** `document.referrer`, sent with the first page view only: later ones come from this same site. */
let referrer: EventFields = { referrer: document.referrer };

/**
 * A navigation, or the first page view. `pushState` makes a new history entry, so it always starts a page
 * view; `replaceState` and `popstate` (which browsers also fire for every change of the hash, before
 * `hashchange`) only when the page changed: a query tweak or, outside hash mode, a jump to an anchor stays
 * on the same page. The page left gets its engagement report first.
 */
export const navigate = (event: { type?: string }): void => {
  const url = location.href.replace(hashPattern, '');
  // `location.search` is the query, from the first `?` of the URL (a `?` inside the hash is no query).
  const page = url.replace(location.search, '');
  if (event.type === 'pushState' || page !== lastPage) {
    report();
    resetScroll();
    lastPage = page;
    send('pageview', referrer, url);
    referrer = {};
  }
};
