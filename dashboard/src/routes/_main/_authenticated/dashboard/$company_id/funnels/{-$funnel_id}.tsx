import { createFileRoute } from '@tanstack/react-router';
import { getCompany } from '../../../../../../api/companies';
import { getFunnelReport, listFunnels } from '../../../../../../api/funnels';
import { listGoals } from '../../../../../../api/goals';
import { http } from '../../../../../../app/services';
import {
  analyticsDeps,
  analyticsQuery,
  validateAnalyticsSearch,
} from '../../../../../../lib/analytics/analytics-search';
import { keepRangeWithinToday } from '../../../../../../lib/analytics/range-within-today';
import { inPlaceOf } from '../../../../../../lib/routing/in-place-update';
import { lazyScreen } from '../../../../../../lib/routing/lazy-screen';
import { parseId } from '../../../../../../lib/routing/route-params';

/**
 * `/dashboard/{id}/funnels/{funnel_id?}`: the site's saved funnels, one reported over the analytics
 * screens' period and filters (the same search params); without an id, the first funnel.
 */
export const Route = createFileRoute('/_main/_authenticated/dashboard/$company_id/funnels/{-$funnel_id}')({
  params: {
    parse: ({ company_id, funnel_id }: { company_id: string; funnel_id?: string }) => ({
      company_id: parseId(company_id),
      funnel_id: funnel_id === undefined ? undefined : parseId(funnel_id),
    }),
    stringify: ({ company_id, funnel_id }: { company_id: number; funnel_id?: number | undefined }) => ({
      company_id: String(company_id),
      funnel_id: funnel_id === undefined ? undefined : String(funnel_id),
    }),
  },
  validateSearch: validateAnalyticsSearch,
  // The router merges the URL's raw parameters into every route's search, so they are checked again here.
  loaderDeps: ({ search }) => analyticsDeps(search),
  loader: async ({ params, deps, location, abortController, cause }) => {
    const signal = abortController.signal;
    const inPlace = inPlaceOf(cause);
    const companyId = params.company_id;
    const [company, goals, funnels] = await Promise.all([
      getCompany(http, companyId, { signal, ...inPlace }),
      listGoals(http, companyId, { signal, ...inPlace }),
      listFunnels(http, companyId, { signal, ...inPlace }),
    ]);
    await keepRangeWithinToday(deps, location.href, async () => company.data.timezone);
    const funnelId = params.funnel_id ?? funnels.data[0]?.id;
    const funnel = funnels.data.find((candidate) => candidate.id === funnelId);
    // The report takes the detail's period and filters; the Properties panel's key is not one of them.
    const { props_key: _key, ...filters } = deps;
    const report = funnel
      ? await getFunnelReport(http, companyId, funnel.id, analyticsQuery(filters, { comparison: false }), {
          signal,
          ...inPlace,
        })
      : undefined;
    return {
      company: company.data,
      goals: goals.data,
      funnels: funnels.data,
      /** The funnel asked for by id, when no funnel of the site has it (deleted meanwhile). */
      missing: params.funnel_id !== undefined && !funnel ? params.funnel_id : undefined,
      report: report?.data,
    };
  },
  component: lazyScreen(() => import('../../../../../../screens/funnels/funnels')),
});
