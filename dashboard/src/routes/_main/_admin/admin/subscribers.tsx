import type { AdminSubscriberListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { pagedQuery, validatePagedSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/subscribers')({
  validateSearch: validatePagedSearch,
  loaderDeps: ({ search }) => validatePagedSearch(search),
  loader: ({ deps, abortController }) =>
    http.get<AdminSubscriberListAnswer>('/api/admin/subscribers', {
      query: pagedQuery(deps),
      signal: abortController.signal,
    }),
  component: lazyScreen(() => import('../../../../screens/admin/subscribers')),
});
