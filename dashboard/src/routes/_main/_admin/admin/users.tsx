import { createFileRoute } from '@tanstack/react-router';
import { listAdminUsers } from '../../../../api/admin-directory';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { pagedQuery, validatePagedSearch } from '../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/users')({
  validateSearch: validatePagedSearch,
  loaderDeps: ({ search }) => validatePagedSearch(search),
  loader: ({ deps, abortController }) =>
    listAdminUsers(http, pagedQuery(deps), { signal: abortController.signal }),
  component: lazyScreen(() => import('../../../../screens/admin/users')),
});
