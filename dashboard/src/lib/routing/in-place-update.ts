import { type AnyRouter, useRouter, useRouterState } from '@tanstack/react-router';

// An analytics screen whose period or filters change stays on screen while the router loads the new answer
// (docs/architecture.md "The dashboard"): its controls show the new choice at once, its figures fade, and a
// newer change cancels the older one (the router aborts the older loader's signal). A navigation to another
// screen keeps the full-page loader.

/** What of the router's state tells an update in place from a navigation. */
export interface RouterMoment {
  isLoading: boolean;
  /** The screen shown and the one being loaded (the deepest routes' ids). */
  shownRoute: string | undefined;
  loadingRoute: string | undefined;
  /** The address being loaded and the one shown. */
  href: string;
  resolvedHref: string | undefined;
}

/** Whether the router is loading another address of the screen shown (its search, a funnel), not another screen. */
export function isInPlaceUpdate(moment: RouterMoment): boolean {
  return (
    moment.isLoading &&
    moment.shownRoute !== undefined &&
    moment.shownRoute === moment.loadingRoute &&
    moment.resolvedHref !== undefined &&
    moment.href !== moment.resolvedHref
  );
}

type State = ReturnType<typeof useRouterState>;

function momentOf(router: AnyRouter, state: State): RouterMoment {
  const loading = state.isLoading ? router.getMatchedRoutes(state.location.pathname)[2] : undefined;
  return {
    isLoading: state.isLoading,
    shownRoute: state.matches.at(-1)?.routeId,
    loadingRoute: loading?.id,
    href: state.location.href,
    resolvedHref: state.resolvedLocation?.href,
  };
}

/** Whether the screen shown is being updated in place (its figures fade meanwhile). */
export function useUpdatingInPlace(): boolean {
  const router = useRouter();
  return useRouterState({ select: (state) => isInPlaceUpdate(momentOf(router, state)) });
}

/**
 * The search being loaded for the screen shown, while an update in place is on its way; `undefined` otherwise
 * (then the shown match's own search is the latest).
 */
export function useSearchOnItsWay(): Record<string, unknown> | undefined {
  const router = useRouter();
  return useRouterState({
    select: (state) =>
      isInPlaceUpdate(momentOf(router, state))
        ? (state.location.search as Record<string, unknown>)
        : undefined,
  });
}

/** What a route's loader passes to its requests: a change of search on the same page loads in place. */
export function inPlaceOf(cause: 'enter' | 'stay' | 'preload'): { inPlace: boolean } {
  return { inPlace: cause === 'stay' };
}
