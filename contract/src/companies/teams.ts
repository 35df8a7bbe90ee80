import { type Static, Type } from '@sinclair/typebox';
import { limits, MembershipRole } from '../accounts/auth';
import { Nullable, ResourceId, Timestamp } from '../common';

export * from './team-constants';

/** The roles an owner or admin hands out; ownership only changes hands by a transfer. */
export const InvitedRole = Type.Union([Type.Literal('admin'), Type.Literal('viewer')]);
export type InvitedRole = Static<typeof InvitedRole>;

/** A member of a company's team (`GET /api/companies/{id}/members`). */
export const Member = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: MembershipRole,
  joined_at: Timestamp,
});
export type Member = Static<typeof Member>;

export const MemberListAnswer = Type.Object({ data: Type.Array(Member) });
export type MemberListAnswer = Static<typeof MemberListAnswer>;

export const MemberAnswer = Type.Object({ data: Member });
export type MemberAnswer = Static<typeof MemberAnswer>;

export const MemberParams = Type.Object({ id: ResourceId, user_id: ResourceId });
export type MemberParams = Static<typeof MemberParams>;

/** `PATCH /api/companies/{id}/members/{user_id}`. */
export const MemberRoleBody = Type.Object({ role: InvitedRole });
export type MemberRoleBody = Static<typeof MemberRoleBody>;

/** `POST /api/companies/{id}/transfer-ownership`: the member who becomes the owner. */
export const TransferOwnershipBody = Type.Object({ user_id: ResourceId });
export type TransferOwnershipBody = Static<typeof TransferOwnershipBody>;

/** A pending invitation, as the company's owner and admins see it. */
export const Invitation = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: InvitedRole,
  expires_at: Timestamp,
  created_at: Timestamp,
});
export type Invitation = Static<typeof Invitation>;

export const InvitationListAnswer = Type.Object({ data: Type.Array(Invitation) });
export type InvitationListAnswer = Static<typeof InvitationListAnswer>;

export const InvitationAnswer = Type.Object({ data: Invitation });
export type InvitationAnswer = Static<typeof InvitationAnswer>;

/** `POST /api/companies/{id}/invitations`. */
export const InvitationCreateBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: limits.emailMax }),
  role: InvitedRole,
});
export type InvitationCreateBody = Static<typeof InvitationCreateBody>;

export const InvitationParams = Type.Object({ id: ResourceId, invitation_id: ResourceId });
export type InvitationParams = Static<typeof InvitationParams>;

/** The token of an invitation's link (`/invitations/{token}`). */
export const InvitationTokenParams = Type.Object({ token: Type.String() });
export type InvitationTokenParams = Static<typeof InvitationTokenParams>;

/**
 * `GET /api/invitations/{token}`: what the invitation page shows before its reader signs in or signs up.
 * The token is the capability, as the mailed link is.
 */
export const InvitationPreview = Type.Object({
  company_name: Type.String(),
  email: Type.String(),
  role: InvitedRole,
  /** The name of whoever sent it, when their account still exists. */
  invited_by: Nullable(Type.String()),
  expires_at: Timestamp,
});
export type InvitationPreview = Static<typeof InvitationPreview>;

export const InvitationPreviewAnswer = Type.Object({ data: InvitationPreview });
export type InvitationPreviewAnswer = Static<typeof InvitationPreviewAnswer>;
