import { createFileRoute } from '@tanstack/react-router';
import { getApiUsage, getCompany, getUsage } from '../../../../api/companies';
import { http } from '../../../../app/services';
import { isCalendarDate } from '../../../../lib/analytics/analytics-search';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../lib/routing/route-params';

/** The report's range; both default to the last 30 days on the server (docs/api.md "Stats API, keys and usage"). */
export interface ApiUsageSearch {
  from?: string;
  to?: string;
}

function validateApiUsageSearch(raw: Record<string, unknown>): ApiUsageSearch {
  const from = typeof raw.from === 'string' && isCalendarDate(raw.from) ? raw.from : undefined;
  const to = typeof raw.to === 'string' && isCalendarDate(raw.to) ? raw.to : undefined;
  return from && to && from <= to ? { from, to } : {};
}

export const Route = createFileRoute('/_main/_authenticated/api-count-report/$company_id')({
  params: companyIdParams,
  validateSearch: validateApiUsageSearch,
  // The router merges the URL's raw parameters into every route's search, so they are checked again here.
  loaderDeps: ({ search }) => validateApiUsageSearch(search),
  loader: async ({ params, deps, abortController }) => {
    const signal = abortController.signal;
    const companyId = params.company_id;
    // The company's zone dates the default range (the last 30 days there), as the server does.
    const [report, usage, company] = await Promise.all([
      getApiUsage(http, companyId, { ...deps }, { signal }),
      getUsage(http, companyId, { signal }),
      getCompany(http, companyId, { signal }),
    ]);
    return { report, usage: usage.data, company: company.data };
  },
  component: lazyScreen(() => import('../../../../screens/api-usage/api-usage')),
});
