import { createFileRoute } from '@tanstack/react-router';
import { listListings } from '../../api/public-site';
import { http } from '../../app/services';
import { lazyScreen } from '../../lib/routing/lazy-screen';
import { validateDirectorySearch } from '../../lib/routing/page-search';
import { DIRECTORY_PER_PAGE } from '../../lib/routing/page-sizes';

export const Route = createFileRoute('/_main/home')({
  validateSearch: validateDirectorySearch,
  // The router merges the URL's raw parameters into every route's search, so they are checked again here.
  loaderDeps: ({ search }) => validateDirectorySearch(search),
  loader: async ({ deps, abortController }) => {
    const listings = await listListings(
      http,
      { ...deps, per_page: DIRECTORY_PER_PAGE },
      { signal: abortController.signal },
    );
    return { listings };
  },
  component: lazyScreen(() => import('../../screens/home/home')),
});
