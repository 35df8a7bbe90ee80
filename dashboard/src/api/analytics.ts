import type { AnalyticsDetailAnswer, RealtimeAnswer } from '@footfall/contract';
import type { ApiClient, CallOptions, Query } from './client';

// A company's analytics (docs/api.md "Analytics"), under the route names the original client used.

/**
 * The detail of a period: summary, timeseries, breakdowns, goals. The query is built from the URL
 * (`analyticsQuery`, `propertyKeysQuery`…): its filters are parameters the contract cannot list, such as
 * `prop:KEY`, and the server reads and refuses them itself.
 */
export function getAnalyticsDetail(
  client: ApiClient,
  companyId: number,
  query: Query,
  options?: CallOptions,
): Promise<AnalyticsDetailAnswer> {
  return client.get<AnalyticsDetailAnswer>(`/api/company-visitor-analytics-detail/${companyId}`, {
    ...options,
    query,
  });
}

/** The last 30 minutes, refreshed by the realtime view (docs/api.md "Realtime"). */
export function getRealtime(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<RealtimeAnswer> {
  return client.get<RealtimeAnswer>(`/api/company-visitor-analytics-realtime/${companyId}`, options);
}
