import type { InstallationAnswer, RecentEventsAnswer, RecentEventsQuery } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The test-site page of a company (docs/api.md "Checking an installation"): whether its tracker is heard,
// and the events as they arrive.

export function getInstallationCheck(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<InstallationAnswer> {
  return client.get<InstallationAnswer>(`/api/companies/${companyId}/installation`, options);
}

/** The latest events, newer than the cursor when one is given. */
export function getRecentEvents(
  client: ApiClient,
  companyId: number,
  query: RecentEventsQuery,
  options?: CallOptions,
): Promise<RecentEventsAnswer> {
  return client.get<RecentEventsAnswer>(`/api/companies/${companyId}/events/recent`, { ...options, query });
}
