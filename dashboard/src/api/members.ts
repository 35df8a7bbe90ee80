import type {
  CompanyAnswer,
  MemberAnswer,
  MemberListAnswer,
  MemberRoleBody,
  TransferOwnershipBody,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A company's team (docs/api.md "Sites and teams"): its members, their roles and who owns it.

export function listMembers(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<MemberListAnswer> {
  return client.get<MemberListAnswer>(`/api/companies/${companyId}/members`, options);
}

export function changeMemberRole(
  client: ApiClient,
  companyId: number,
  userId: number,
  body: MemberRoleBody,
): Promise<MemberAnswer> {
  return client.patch<MemberAnswer>(`/api/companies/${companyId}/members/${userId}`, body);
}

/** Removes a member, or the caller themself (leaving the site). */
export async function removeMember(client: ApiClient, companyId: number, userId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/members/${userId}`);
}

/** Hands the company to another member; the old owner becomes an admin. */
export function transferOwnership(
  client: ApiClient,
  companyId: number,
  body: TransferOwnershipBody,
): Promise<CompanyAnswer> {
  return client.post<CompanyAnswer>(`/api/companies/${companyId}/transfer-ownership`, body);
}
