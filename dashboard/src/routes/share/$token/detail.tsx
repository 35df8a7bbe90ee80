import { MAX_BREAKDOWN_LIMIT } from '@footfall/contract/constants';
import { createFileRoute } from '@tanstack/react-router';
import {
  analyticsDeps,
  analyticsQuery,
  validateAnalyticsSearch,
} from '../../../lib/analytics/analytics-search';
import { inPlaceOf } from '../../../lib/routing/in-place-update';
import { lazyScreen } from '../../../lib/routing/lazy-screen';
import { loadSharedDetail } from '../../../screens/share/share-search';

export const Route = createFileRoute('/share/$token/detail')({
  validateSearch: validateAnalyticsSearch,
  loaderDeps: ({ search }) => analyticsDeps(search),
  // Every breakdown in full: the API's largest page of rows.
  loader: ({ params, context, deps, location, abortController, cause }) =>
    loadSharedDetail(
      params.token,
      context.site,
      analyticsQuery(deps, { limit: MAX_BREAKDOWN_LIMIT }),
      abortController.signal,
      { search: deps, href: location.href, ...inPlaceOf(cause) },
    ),
  component: lazyScreen(() => import('../../../screens/share/shared-detail')),
});
