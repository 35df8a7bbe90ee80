import type { SitePeriod } from '@footfall/contract';
import { SITE_PERIODS } from '@footfall/contract/constants';
import { createFileRoute } from '@tanstack/react-router';
import { getSitesOverview } from '../../../../api/sites';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';

export interface SitesSearch {
  period?: SitePeriod;
}

export const Route = createFileRoute('/_main/_authenticated/sites/')({
  head: () => ({ meta: [{ title: 'Your sites · Footfall' }] }),
  // A period the page does not offer (a hand-edited URL) falls back to the default.
  validateSearch: (search: Record<string, unknown>): SitesSearch =>
    (SITE_PERIODS as readonly unknown[]).includes(search.period)
      ? { period: search.period as SitePeriod }
      : {},
  loaderDeps: ({ search }) => ({ period: search.period }),
  loader: async ({ deps, abortController }) => {
    const { data } = await getSitesOverview(
      http,
      { period: deps.period },
      { signal: abortController.signal },
    );
    return data;
  },
  component: lazyScreen(() => import('../../../../screens/sites/sites')),
});
