import type {
  AdminCompanyAnswer,
  AdminCompanyListAnswer,
  AdminCompanyListQuery,
  AdminCompanyPlanAnswer,
  AdminCompanyUpdateBody,
  AdminListingCreateBody,
  AdminOverviewAnswer,
  AdminOverviewQuery,
  AdminPageQuery,
  AdminUserAccountAnswer,
  AdminUserAccountListAnswer,
  AdminUserAccountListQuery,
  AdminUserAccountUpdateBody,
  PlanChoiceBody,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The admin's view of the platform (docs/api.md "Admin: overview, companies, listings and users").

export function getAdminOverview(
  client: ApiClient,
  query: AdminOverviewQuery,
  options?: CallOptions,
): Promise<AdminOverviewAnswer> {
  return client.get<AdminOverviewAnswer>('/api/admin/overview', { ...options, query });
}

export function listAdminCompanies(
  client: ApiClient,
  query: AdminCompanyListQuery,
  options?: CallOptions,
): Promise<AdminCompanyListAnswer> {
  return client.get<AdminCompanyListAnswer>('/api/admin/companies', { ...options, query });
}

export function getAdminCompany(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<AdminCompanyAnswer> {
  return client.get<AdminCompanyAnswer>(`/api/admin/companies/${companyId}`, options);
}

/** Its listing fields, or suspending it. */
export function updateAdminCompany(
  client: ApiClient,
  companyId: number,
  body: AdminCompanyUpdateBody,
): Promise<AdminCompanyAnswer> {
  return client.patch<AdminCompanyAnswer>(`/api/admin/companies/${companyId}`, body);
}

/** Moves the company to a plan, with no payment. */
export function setAdminCompanyPlan(
  client: ApiClient,
  companyId: number,
  body: PlanChoiceBody,
): Promise<AdminCompanyPlanAnswer> {
  return client.put<AdminCompanyPlanAnswer>(`/api/admin/companies/${companyId}/plan`, body);
}

export function listAdminUsers(
  client: ApiClient,
  query: AdminUserAccountListQuery,
  options?: CallOptions,
): Promise<AdminUserAccountListAnswer> {
  return client.get<AdminUserAccountListAnswer>('/api/admin/users', { ...options, query });
}

/** Suspends a user, or lets them sign in again. */
export function updateAdminUser(
  client: ApiClient,
  userId: number,
  body: AdminUserAccountUpdateBody,
): Promise<AdminUserAccountAnswer> {
  return client.patch<AdminUserAccountAnswer>(`/api/admin/users/${userId}`, body);
}

/** The companies in the public directory. */
export function listAdminListings(
  client: ApiClient,
  query: AdminPageQuery,
  options?: CallOptions,
): Promise<AdminCompanyListAnswer> {
  return client.get<AdminCompanyListAnswer>('/api/admin/listings', { ...options, query });
}

/** "Add Listing": listing fields on an existing company, or a new unowned one. */
export function createListing(client: ApiClient, body: AdminListingCreateBody): Promise<AdminCompanyAnswer> {
  return client.post<AdminCompanyAnswer>('/api/admin/listings', body);
}

/** Takes the company out of the directory. */
export async function deleteListing(client: ApiClient, companyId: number): Promise<void> {
  await client.delete(`/api/admin/listings/${companyId}`);
}
