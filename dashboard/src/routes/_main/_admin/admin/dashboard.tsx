import { createFileRoute } from '@tanstack/react-router';
import { getAdminOverview } from '../../../../api/admin-directory';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { DEFAULT_OVERVIEW_DAYS, OVERVIEW_DAYS, type OverviewDays } from '../../../../lib/routing/page-sizes';

export interface OverviewSearch {
  days?: OverviewDays;
}

function validateOverviewSearch(raw: Record<string, unknown>): OverviewSearch {
  const days = OVERVIEW_DAYS.find((candidate) => String(candidate) === String(raw.days));
  return days && days !== DEFAULT_OVERVIEW_DAYS ? { days } : {};
}

export const Route = createFileRoute('/_main/_admin/admin/dashboard')({
  validateSearch: validateOverviewSearch,
  // The router merges the URL's raw parameters into every route's search, so they are checked again here.
  loaderDeps: ({ search }) => validateOverviewSearch(search),
  loader: async ({ deps, abortController }) => {
    const answer = await getAdminOverview(
      http,
      { days: deps.days ?? DEFAULT_OVERVIEW_DAYS },
      { signal: abortController.signal },
    );
    return answer.data;
  },
  component: lazyScreen(() => import('../../../../screens/admin/overview')),
});
