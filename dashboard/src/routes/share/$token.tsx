import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';
import { sharedSiteOf, validateShareSearch } from '../../screens/share/share-search';

// A shared link's pages (docs/api.md "Shared links"): a site's dashboard, read-only, for anyone holding the
// link, outside the main layout (no account, no header links). Its password form comes first when it has one.
export const Route = createFileRoute('/share/$token')({
  validateSearch: validateShareSearch,
  beforeLoad: async ({ params, abortController }) => ({
    site: await sharedSiteOf(params.token, abortController.signal),
  }),
  component: lazyScreen(() => import('../../screens/share/share-layout')),
});
