import type { MembershipRole } from '@footfall/contract';

// The roles of a company's team as the screens name them; what each may do is the contract's
// (`@footfall/contract/rules`, docs/api.md "Sites and teams").

/** How each role is named on screen, with what it may do. */
export const ROLE_LABELS: Record<MembershipRole, { name: string; can: string }> = {
  owner: { name: 'Owner', can: 'Everything, including billing and deleting the site' },
  admin: { name: 'Admin', can: 'Settings, keys, members and imports' },
  viewer: { name: 'Viewer', can: 'Dashboards and reports' },
};
