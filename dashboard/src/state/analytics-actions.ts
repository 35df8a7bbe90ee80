import type { AnalyticsDetail, AnalyticsDetailAnswer } from '@footfall/contract';
import type { ApiClient, Query } from '../api/client';
import type { AnalyticsStore } from './analytics-store';

/** The path of the analytics detail, named as in docs/api.md "Analytics" */
export function analyticsDetailPath(companyId: number): string {
  return `/api/company-visitor-analytics-detail/${companyId}`;
}

export function createAnalyticsActions({
  client,
  analytics,
}: {
  client: ApiClient;
  analytics: AnalyticsStore;
}) {
  /**
   * docs/architecture.md "The dashboard": success stores the data as `company_analytic`; failure resets it to empty (and the error is
   * passed on). `store: false` fetches without touching the state, for the comparison chart and exports.
   */
  async function fetchCompanyAnalytics(
    companyId: number,
    query: Query,
    options: { signal?: AbortSignal; background?: boolean; store?: boolean } = {},
  ): Promise<AnalyticsDetail> {
    const { store = true, ...requestOptions } = options;
    try {
      const { data } = await client.get<AnalyticsDetailAnswer>(analyticsDetailPath(companyId), {
        query,
        ...requestOptions,
      });
      if (store) analytics.setState(() => ({ company_analytic: data }));
      return data;
    } catch (error) {
      if (store && !options.signal?.aborted) analytics.setState(() => ({ company_analytic: {} }));
      throw error;
    }
  }

  return { fetchCompanyAnalytics };
}
