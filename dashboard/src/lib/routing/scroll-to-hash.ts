import type { AnyRouter } from '@tanstack/react-router';

// The seed waits this long so the target page has laid out (images, lazy parts) before scrolling.
const HASH_SCROLL_DELAY_MS = 300;

/**
 * Every navigation scrolls to the top; a URL hash then waits 300 ms after the route has rendered and
 * scrolls smoothly to that element, if it exists.
 *
 * The router already scrolls to the top of hash-less navigations (unless a navigation passes
 * `resetScroll: false`, which filter changes will want); it must be created with
 * `defaultHashScrollIntoView: false` so it leaves hash navigations to this handler.
 */
export function installHashScroll(router: AnyRouter): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;

  return router.subscribe('onRendered', ({ toLocation, pathChanged }) => {
    clearTimeout(pending);
    const id = toLocation.hash;
    if (!id) return;
    // A new page starts at the top; a hash change on the same page scrolls from where the reader is.
    if (pathChanged) window.scrollTo({ top: 0, left: 0 });
    pending = setTimeout(() => {
      const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
      document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' });
    }, HASH_SCROLL_DELAY_MS);
  });
}
