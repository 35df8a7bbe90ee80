import type {
  CompanyAnswer,
  InvitationAnswer,
  InvitationCreateBody,
  InvitationListAnswer,
  InvitationPreviewAnswer,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// Invitations to a company's team (docs/api.md "Sites and teams"): the pending ones, and the link's own
// routes, which the invited person opens by its token.

export function listInvitations(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<InvitationListAnswer> {
  return client.get<InvitationListAnswer>(`/api/companies/${companyId}/invitations`, options);
}

/** Mails a link valid 7 days. */
export function createInvitation(
  client: ApiClient,
  companyId: number,
  body: InvitationCreateBody,
): Promise<InvitationAnswer> {
  return client.post<InvitationAnswer>(`/api/companies/${companyId}/invitations`, body);
}

/** A new link in place of the earlier one, which stops working. */
export function resendInvitation(
  client: ApiClient,
  companyId: number,
  invitationId: number,
): Promise<InvitationAnswer> {
  return client.post<InvitationAnswer>(`/api/companies/${companyId}/invitations/${invitationId}/resend`);
}

export async function revokeInvitation(
  client: ApiClient,
  companyId: number,
  invitationId: number,
): Promise<void> {
  await client.delete(`/api/companies/${companyId}/invitations/${invitationId}`);
}

/** What an invitation link offers: the site, the role, who invited. */
export function getInvitation(
  client: ApiClient,
  token: string,
  options?: CallOptions,
): Promise<InvitationPreviewAnswer> {
  return client.get<InvitationPreviewAnswer>(`/api/invitations/${encodeURIComponent(token)}`, options);
}

/** Joins the company with the invited role. */
export function acceptInvitation(
  client: ApiClient,
  token: string,
  options?: CallOptions,
): Promise<CompanyAnswer> {
  return client.post<CompanyAnswer>(
    `/api/invitations/${encodeURIComponent(token)}/accept`,
    undefined,
    options,
  );
}
