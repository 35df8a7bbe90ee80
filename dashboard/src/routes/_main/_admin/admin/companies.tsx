import { createFileRoute } from '@tanstack/react-router';
import { listAdminCompanies } from '../../../../api/admin-directory';
import { listAdminPlans } from '../../../../api/admin-plans';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { pagedQuery, validatePagedSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/companies')({
  validateSearch: validatePagedSearch,
  loaderDeps: ({ search }) => validatePagedSearch(search),
  loader: async ({ deps, abortController }) => {
    const signal = abortController.signal;
    // The plans are the options of each row's plan select.
    const [companies, plans] = await Promise.all([
      listAdminCompanies(http, pagedQuery(deps), { signal }),
      listAdminPlans(http, { signal }),
    ]);
    return { companies, plans: plans.data };
  },
  component: lazyScreen(() => import('../../../../screens/admin/companies')),
});
