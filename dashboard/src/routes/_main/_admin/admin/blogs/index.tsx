import { createFileRoute } from '@tanstack/react-router';
import { listAdminBlogPosts } from '../../../../../api/admin-content';
import { http } from '../../../../../app/services';
import { lazyScreen } from '../../../../../lib/routing/lazy-screen';
import { pagedQuery, validatePageSearch } from '../../../../../screens/admin/paged-search';

export const Route = createFileRoute('/_main/_admin/admin/blogs/')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => validatePageSearch(search),
  loader: ({ deps, abortController }) => {
    const query = pagedQuery(deps);
    return listAdminBlogPosts(http, query, { signal: abortController.signal });
  },
  component: lazyScreen(() => import('../../../../../screens/admin/blogs')),
});
