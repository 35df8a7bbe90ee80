import type { AnalyticsDetail } from '@footfall/contract';
import { useRouter } from '@tanstack/react-router';
import { analytics, analyticsStore } from '../../app/services';
import { analyticsDeps, analyticsQuery, todayIn } from '../../lib/analytics/analytics-search';
import { usePolling } from '../../lib/hooks/use-polling';

/** How often an overview whose period reaches today asks for its figures again. */
export const LIVE_TODAY_REFRESH_MS = 60_000;

/**
 * While the overview's period reaches today, its figures are asked again every minute in the background
 * and replace those shown in place (no loader; a failed refresh keeps them). An answer is kept only when
 * the page still asks for the same thing: a filter or period changed meanwhile is the loader's to answer.
 */
export function useLiveToday(companyId: number, detail: AnalyticsDetail): void {
  const router = useRouter();
  const asked = () =>
    JSON.stringify(analyticsQuery(analyticsDeps(router.state.location.search as Record<string, unknown>)));
  const key = asked();
  usePolling(
    async (signal) => {
      const query = JSON.parse(key);
      const fresh = await analytics.fetchCompanyAnalytics(companyId, query, {
        signal,
        background: true,
        store: false,
      });
      if (!signal.aborted && asked() === key && router.state.status === 'idle') {
        analyticsStore.setState(() => ({ company_analytic: fresh }));
      }
    },
    LIVE_TODAY_REFRESH_MS,
    detail.range.to === todayIn(detail.timezone),
    { key: `${companyId} ${key}`, startNow: false },
  );
}
