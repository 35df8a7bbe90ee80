import type { SitesOverviewAnswer, SitesOverviewQuery } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The overview of every site the user belongs to (docs/api.md "Analytics").

export function getSitesOverview(
  client: ApiClient,
  query: SitesOverviewQuery,
  options?: CallOptions,
): Promise<SitesOverviewAnswer> {
  return client.get<SitesOverviewAnswer>('/api/sites/overview', { ...options, query });
}
