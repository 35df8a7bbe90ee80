import type { ApiKeyCreateAnswer, ApiKeyCreateBody, ApiKeyListAnswer } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A company's stats-API keys (docs/api.md "Stats API, keys and usage"): the secret is shown once, on creation.

export function listApiKeys(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<ApiKeyListAnswer> {
  return client.get<ApiKeyListAnswer>(`/api/companies/${companyId}/api-keys`, options);
}

export function createApiKey(
  client: ApiClient,
  companyId: number,
  body: ApiKeyCreateBody,
): Promise<ApiKeyCreateAnswer> {
  return client.post<ApiKeyCreateAnswer>(`/api/companies/${companyId}/api-keys`, body);
}

export async function revokeApiKey(client: ApiClient, companyId: number, keyId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/api-keys/${keyId}`);
}

/** The API reference page the server serves, for people writing those programs. */
export const API_REFERENCE_HREF = '/api/docs';
