import type { Invitation, Member } from '@footfall/contract';
import type { Invitation as InvitationRow, TeamMember } from '@footfall/db';

export function presentMember(member: TeamMember): Member {
  return {
    user_id: member.userId,
    name: member.name,
    email: member.email,
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
  };
}

export function presentInvitation(invitation: InvitationRow): Invitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}
