import { createFileRoute } from '@tanstack/react-router';
import {
  analyticsDeps,
  analyticsQuery,
  validateAnalyticsSearch,
} from '../../../lib/analytics/analytics-search';
import { inPlaceOf } from '../../../lib/routing/in-place-update';
import { lazyScreen } from '../../../lib/routing/lazy-screen';
import { loadSharedDetail } from '../../../screens/share/share-search';

export const Route = createFileRoute('/share/$token/')({
  validateSearch: validateAnalyticsSearch,
  // The router merges the URL's raw parameters into every route's search, so they are checked again here.
  loaderDeps: ({ search }) => analyticsDeps(search),
  loader: ({ params, context, deps, location, abortController, cause }) =>
    loadSharedDetail(params.token, context.site, analyticsQuery(deps), abortController.signal, {
      search: deps,
      href: location.href,
      ...inPlaceOf(cause),
    }),
  component: lazyScreen(() => import('../../../screens/share/shared-overview')),
});
