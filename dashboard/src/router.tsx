import { createRouter } from '@tanstack/react-router';
import { NotFound } from './components/not-found';
import { installHashScroll } from './lib/scroll-to-hash';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: NotFound,
  // Fetch a route's code-split chunk when a link is hovered or focused, so clicks feel instant.
  defaultPreload: 'intent',
  // No restoring of old positions: every navigation starts at the top (PRODUCT.md), which the router
  // does by default. Hash targets are scrolled to by installHashScroll after its 300 ms wait instead
  // of at once by the router.
  scrollRestoration: false,
  defaultHashScrollIntoView: false,
});

installHashScroll(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
