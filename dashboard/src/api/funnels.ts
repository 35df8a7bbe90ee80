import type { FunnelAnswer, FunnelBody, FunnelListAnswer, FunnelReportAnswer } from '@footfall/contract';
import type { ApiClient, CallOptions, Query } from './client';

// A company's funnels and their reports (docs/api.md "Funnels").

export function listFunnels(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<FunnelListAnswer> {
  return client.get<FunnelListAnswer>(`/api/companies/${companyId}/funnels`, options);
}

export function createFunnel(client: ApiClient, companyId: number, body: FunnelBody): Promise<FunnelAnswer> {
  return client.post<FunnelAnswer>(`/api/companies/${companyId}/funnels`, body);
}

export async function deleteFunnel(client: ApiClient, companyId: number, funnelId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/funnels/${funnelId}`);
}

/**
 * The funnel's steps over a period and filters. The query is the analytics query of the URL
 * (`analyticsQuery`): its filters are parameters the contract cannot list, `prop:KEY` among them.
 */
export function getFunnelReport(
  client: ApiClient,
  companyId: number,
  funnelId: number,
  query: Query,
  options?: CallOptions,
): Promise<FunnelReportAnswer> {
  return client.get<FunnelReportAnswer>(`/api/companies/${companyId}/funnels/${funnelId}/report`, {
    ...options,
    query,
  });
}
