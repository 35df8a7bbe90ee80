import type {
  ApiUsageAnswer,
  ApiUsageQuery,
  CompanyAnswer,
  CompanyCreateBody,
  CompanyListAnswer,
  CompanyUpdateBody,
  UsageAnswer,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The user's companies (sites) and what each uses of its plan (docs/api.md "Companies", "Stats API, keys and usage").

/** The user's companies in full (settings, tracking keys). */
export function listCompanies(client: ApiClient, options?: CallOptions): Promise<CompanyListAnswer> {
  return client.get<CompanyListAnswer>('/api/companies', options);
}

/** A new company, the caller its owner. */
export function createCompany(client: ApiClient, body: CompanyCreateBody): Promise<CompanyAnswer> {
  return client.post<CompanyAnswer>('/api/companies', body);
}

export function getCompany(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<CompanyAnswer> {
  return client.get<CompanyAnswer>(`/api/companies/${companyId}`, options);
}

/**
 * The contract's body, with `retention_days: null` for the plan's retention (docs/api.md "Data control"): the
 * server drops blank fields before it validates the body, so the schema does not list the null.
 */
export type CompanyChanges = Omit<CompanyUpdateBody, 'retention_days'> & { retention_days?: number | null };

/** Its settings; absent fields keep their value. */
export function updateCompany(
  client: ApiClient,
  companyId: number,
  body: CompanyChanges,
): Promise<CompanyAnswer> {
  return client.patch<CompanyAnswer>(`/api/companies/${companyId}`, body);
}

/** The company and all of its data, for good. */
export async function deleteCompany(client: ApiClient, companyId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}`);
}

/** This billing period's events and API calls against the plan's quotas. */
export function getUsage(client: ApiClient, companyId: number, options?: CallOptions): Promise<UsageAnswer> {
  return client.get<UsageAnswer>(`/api/companies/${companyId}/usage`, options);
}

/** The API-count report: calls a day by endpoint. */
export function getApiUsage(
  client: ApiClient,
  companyId: number,
  query: ApiUsageQuery,
  options?: CallOptions,
): Promise<ApiUsageAnswer> {
  return client.get<ApiUsageAnswer>(`/api/companies/${companyId}/api-usage`, { ...options, query });
}
