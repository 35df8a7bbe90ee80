import { createFileRoute } from '@tanstack/react-router';
import { listBlogPosts } from '../../../api/public-site';
import { http } from '../../../app/services';
import { lazyScreen } from '../../../lib/routing/lazy-screen';
import { validatePageSearch } from '../../../lib/routing/page-search';
import { BLOG_PER_PAGE } from '../../../lib/routing/page-sizes';

export const Route = createFileRoute('/_main/blogs/')({
  validateSearch: validatePageSearch,
  loaderDeps: ({ search }) => validatePageSearch(search),
  loader: async ({ deps, abortController }) =>
    listBlogPosts(http, { page: deps.page, per_page: BLOG_PER_PAGE }, { signal: abortController.signal }),
  component: lazyScreen(() => import('../../../screens/blog/blog-list')),
});
