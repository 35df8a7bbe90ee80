import { MAX_BREAKDOWN_LIMIT } from '@footfall/contract/constants';
import { createFileRoute } from '@tanstack/react-router';
import { analytics } from '../../../../../app/services';
import {
  analyticsDeps,
  analyticsQuery,
  validateAnalyticsSearch,
} from '../../../../../lib/analytics/analytics-search';
import { keepRangeWithinToday } from '../../../../../lib/analytics/range-within-today';
import { inPlaceOf } from '../../../../../lib/routing/in-place-update';
import { lazyScreen } from '../../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../../lib/routing/route-params';

export const Route = createFileRoute('/_main/_authenticated/dashboard/$company_id/detail')({
  params: companyIdParams,
  validateSearch: validateAnalyticsSearch,
  // The router merges the URL's raw parameters into every route's search, so they are checked again here.
  loaderDeps: ({ search }) => analyticsDeps(search),
  // Every breakdown in full: the API's largest page of rows.
  loader: async ({ params, deps, location, abortController, cause }) => {
    const signal = abortController.signal;
    await keepRangeWithinToday(deps, location.href, () => analytics.companyZone(params.company_id, signal));
    return analytics.fetchCompanyAnalytics(
      params.company_id,
      analyticsQuery(deps, { limit: MAX_BREAKDOWN_LIMIT }),
      { signal, ...inPlaceOf(cause) },
    );
  },
  component: lazyScreen(() => import('../../../../../screens/dashboard/detail')),
});
