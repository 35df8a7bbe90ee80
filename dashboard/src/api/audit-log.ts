import type { AdminAuditLogQuery, AuditLogAnswer, AuditLogQuery } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The audit logs (docs/api.md "Audit log"): a company's, the signed-in user's own, and the admin's of every
// company. Each pages back with the `meta.cursor` of the page before.

export function getCompanyAuditLog(
  client: ApiClient,
  companyId: number,
  query: AuditLogQuery,
  options?: CallOptions,
): Promise<AuditLogAnswer> {
  return client.get<AuditLogAnswer>(`/api/companies/${companyId}/audit-log`, { ...options, query });
}

/** The account's own changes: its name, address, password, sessions, two-factor sign-in. */
export function getAccountAuditLog(
  client: ApiClient,
  query: AuditLogQuery,
  options?: CallOptions,
): Promise<AuditLogAnswer> {
  return client.get<AuditLogAnswer>('/api/user/audit-log', { ...options, query });
}

export function getAdminAuditLog(
  client: ApiClient,
  query: AdminAuditLogQuery,
  options?: CallOptions,
): Promise<AuditLogAnswer> {
  return client.get<AuditLogAnswer>('/api/admin/audit-log', { ...options, query });
}
