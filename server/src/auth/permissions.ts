import type { MembershipRole } from '@footfall/db';

/**
 * What each role of a company's team may do (docs/api.md "Sites and teams"). Every company route names one of these
 * predicates in its `permission` option, and the route hook (plugins/company-access.ts) refuses a caller
 * whose role is below it; rules that depend on more than the caller's role (who may remove whom) are
 * functions here too, called by their handlers.
 */

const RANK: Record<MembershipRole, number> = { viewer: 0, admin: 1, owner: 2 };

/** Roles from most to least powerful, as member lists are ordered. */
export const ROLES_BY_RANK: readonly MembershipRole[] = ['owner', 'admin', 'viewer'];

export function roleRank(role: MembershipRole): number {
  return RANK[role];
}

/** A yes-or-no over the caller's role, with the least role it admits and the words of its refusal. */
export interface CompanyPermission {
  (role: MembershipRole): boolean;
  readonly leastRole: MembershipRole;
  readonly refusal: string;
}

function permission(leastRole: MembershipRole, refusal: string): CompanyPermission {
  const allows = (role: MembershipRole) => RANK[role] >= RANK[leastRole];
  return Object.assign(allows, { leastRole, refusal });
}

/** Dashboards, reports, usage, the API-count report, members, the test page's feed. */
export const canViewCompany = permission('viewer', 'You do not have access to this company.');
/** Settings: name, domains, time zone, public stats, the directory listing. */
export const canEditCompany = permission(
  'admin',
  "Only the company's owner and admins can change its settings.",
);
export const canManageApiKeys = permission(
  'admin',
  "Only the company's owner and admins can manage its API keys.",
);
export const canImportEvents = permission('admin', "Only the company's owner and admins can import events.");
/** Invitations: send, resend, list, revoke. */
export const canInviteMembers = permission(
  'admin',
  "Only the company's owner and admins can invite members.",
);
/** Goals: what the team's dashboards count as conversions. */
export const canManageGoals = permission(
  'admin',
  "Only the company's owner and admins can manage its goals.",
);
/** Funnels: goals in order, shared by the whole team. */
export const canManageFunnels = permission(
  'admin',
  "Only the company's owner and admins can manage its funnels.",
);
/** Saved segments: sets of filters shared by the whole team. */
export const canManageSegments = permission(
  'admin',
  "Only the company's owner and admins can manage its segments.",
);
/** Shared links: read-only views of the dashboard for people without an account. */
export const canManageSharedLinks = permission(
  'admin',
  "Only the company's owner and admins can manage its shared links.",
);
/** Annotations: notes on the chart that the whole team sees. */
export const canManageAnnotations = permission(
  'admin',
  "Only the company's owner and admins can manage its annotations.",
);
/** Alerts: the rules and the channels (e-mail, Slack, webhooks) their messages go to. */
export const canManageAlerts = permission(
  'admin',
  "Only the company's owner and admins can manage its alerts.",
);
/** The audit log: who changed what in the company, and from which (truncated) address. */
export const canReadAuditLog = permission(
  'admin',
  "Only the company's owner and admins can read its audit log.",
);

/** Exporting every stored event: the mirror of an import, and no more than the dashboards already show. */
export const canExportData = permission('admin', "Only the company's owner and admins can export its data.");
export const canChangeMemberRoles = permission(
  'owner',
  "Only the company's owner can change members' roles.",
);
export const canManageBilling = permission('owner', "Only the company's owner can change its plan.");
export const canTransferOwnership = permission(
  'owner',
  "Only the company's owner can hand the company over.",
);
export const canDeleteCompany = permission('owner', "Only the company's owner can delete it.");
/** Deleting a range of days for good, figures included: as final as deleting the company. */
export const canDeleteData = permission('owner', "Only the company's owner can delete its data.");

/**
 * Anyone may leave (except the owner, who hands the company over first); an admin removes viewers; the
 * owner removes anyone else.
 */
export function canRemoveMember(
  actor: { userId: number; role: MembershipRole },
  member: { userId: number; role: MembershipRole },
): boolean {
  if (member.role === 'owner') return false;
  if (actor.userId === member.userId) return true;
  if (actor.role === 'owner') return true;
  return actor.role === 'admin' && member.role === 'viewer';
}
