import type { AdminCompanyListAnswer, AdminPlanListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { pagedQuery, validatePagedSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/companies')({
  validateSearch: validatePagedSearch,
  loaderDeps: ({ search }) => validatePagedSearch(search),
  loader: async ({ deps, abortController }) => {
    const signal = abortController.signal;
    // The plans are the options of each row's plan select.
    const [companies, plans] = await Promise.all([
      http.get<AdminCompanyListAnswer>('/api/admin/companies', { query: pagedQuery(deps), signal }),
      http.get<AdminPlanListAnswer>('/api/admin/plans', { signal }),
    ]);
    return { companies, plans: plans.data };
  },
  component: lazyScreen(() => import('../../../../screens/admin/companies')),
});
