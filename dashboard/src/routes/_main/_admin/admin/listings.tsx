import type { AdminCompanyListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { pagedQuery, validatePageSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/listings')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => validatePageSearch(search),
  loader: ({ deps, abortController }) =>
    http.get<AdminCompanyListAnswer>('/api/admin/listings', {
      query: pagedQuery(deps),
      signal: abortController.signal,
    }),
  component: lazyScreen(() => import('../../../../screens/admin/listings')),
});
