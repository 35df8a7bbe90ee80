import { createFileRoute } from '@tanstack/react-router';
import { listAdminListings } from '../../../../api/admin-directory';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { pagedQuery, validatePageSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/listings')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => validatePageSearch(search),
  loader: ({ deps, abortController }) =>
    listAdminListings(http, pagedQuery(deps), { signal: abortController.signal }),
  component: lazyScreen(() => import('../../../../screens/admin/listings')),
});
