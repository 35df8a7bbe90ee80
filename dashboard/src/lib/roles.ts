import type { MembershipRole } from '@footfall/contract';

// The roles of a company's team, as the server ranks them (docs/api.md "Sites and teams"). The dashboard only hides what
// a role cannot use; the server refuses it anyway.

const RANK: Record<MembershipRole, number> = { viewer: 0, admin: 1, owner: 2 };

/** Whether `role` is `least` or above it. */
export function roleAtLeast(role: MembershipRole | undefined, least: MembershipRole): boolean {
  return role !== undefined && RANK[role] >= RANK[least];
}

/** How each role is named on screen, with what it may do. */
export const ROLE_LABELS: Record<MembershipRole, { name: string; can: string }> = {
  owner: { name: 'Owner', can: 'Everything, including billing and deleting the site' },
  admin: { name: 'Admin', can: 'Settings, keys, members and imports' },
  viewer: { name: 'Viewer', can: 'Dashboards and reports' },
};
