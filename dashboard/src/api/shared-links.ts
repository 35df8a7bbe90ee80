import type { SharedLinkAnswer, SharedLinkBody, SharedLinkListAnswer } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A company's shared links (docs/api.md "Shared links"), as its owners and admins manage them; what the
// link's visitors ask is `api/shared-views.ts`.

export function listSharedLinks(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<SharedLinkListAnswer> {
  return client.get<SharedLinkListAnswer>(`/api/companies/${companyId}/shared-links`, options);
}

export function createSharedLink(
  client: ApiClient,
  companyId: number,
  body: SharedLinkBody,
): Promise<SharedLinkAnswer> {
  return client.post<SharedLinkAnswer>(`/api/companies/${companyId}/shared-links`, body);
}

export async function revokeSharedLink(client: ApiClient, companyId: number, linkId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/shared-links/${linkId}`);
}
