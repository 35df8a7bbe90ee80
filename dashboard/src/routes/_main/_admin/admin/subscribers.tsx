import { createFileRoute } from '@tanstack/react-router';
import { listSubscribers } from '../../../../api/admin-content';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { pagedQuery, validatePagedSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/subscribers')({
  validateSearch: validatePagedSearch,
  loaderDeps: ({ search }) => validatePagedSearch(search),
  loader: ({ deps, abortController }) =>
    listSubscribers(http, pagedQuery(deps), { signal: abortController.signal }),
  component: lazyScreen(() => import('../../../../screens/admin/subscribers')),
});
