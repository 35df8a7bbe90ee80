import { createRouter } from '@tanstack/react-router';
import { NotFoundPage } from './components/main-layout';
import { RouteError } from './components/route-error';
import { installHashScroll } from './lib/routing/scroll-to-hash';
import { parseSearch, stringifySearch } from './lib/routing/search-params';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  parseSearch,
  stringifySearch,
  // Parameters no route validates are dropped from the URL instead of reaching the screens unchecked.
  search: { strict: true },
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteError,
  // Fetch a route's code-split chunk when a link is hovered or focused, so clicks feel instant.
  defaultPreload: 'intent',
  // No restoring of old positions: every navigation starts at the top, which the router
  // does by default. Hash targets are scrolled to by installHashScroll after its 300 ms wait instead
  // of at once by the router.
  scrollRestoration: false,
  defaultHashScrollIntoView: false,
});

export type AppRouter = typeof router;

installHashScroll(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
