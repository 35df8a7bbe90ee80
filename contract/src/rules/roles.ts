import type { MembershipRole } from '../accounts/auth';

// The roles of a company's team and what each may do (docs/api.md "Sites and teams"), written once: the
// server refuses by these rules, and the dashboard shows only what they allow, so no button leads to a
// refusal.

const RANK: Record<MembershipRole, number> = { viewer: 0, admin: 1, owner: 2 };

/** Roles from most to least powerful, as member lists are ordered. */
export const ROLES_BY_RANK: readonly MembershipRole[] = ['owner', 'admin', 'viewer'];

/** A role's rank: the higher, the more it may do. */
export function roleRank(role: MembershipRole): number {
  return RANK[role];
}

/** Whether `role` is `least` or above it; no role (not a member) is below every role. */
export function roleAtLeast(role: MembershipRole | undefined, least: MembershipRole): boolean {
  return role !== undefined && RANK[role] >= RANK[least];
}

/**
 * The least role of each thing a member may do to a company. Every company route names one of these
 * (through the server's permission predicates), and every screen that offers it asks `can`.
 */
export const LEAST_ROLE = {
  /** Dashboards, reports, usage, the API-count report, members, the test page's feed. */
  viewCompany: 'viewer',
  /** Settings: name, domains, time zone, public stats, the directory listing, the installation. */
  editCompany: 'admin',
  manageApiKeys: 'admin',
  importEvents: 'admin',
  /** Invitations: send, resend, list, revoke. */
  inviteMembers: 'admin',
  /** Goals: what the team's dashboards count as conversions. */
  manageGoals: 'admin',
  /** Funnels: goals in order, shared by the whole team. */
  manageFunnels: 'admin',
  /** Saved segments: sets of filters shared by the whole team. */
  manageSegments: 'admin',
  /** Shared links: read-only views of the dashboard for people without an account. */
  manageSharedLinks: 'admin',
  /** Annotations: notes on the chart that the whole team sees. */
  manageAnnotations: 'admin',
  /** Alerts: the rules and the channels (e-mail, Slack, webhooks) their messages go to. */
  manageAlerts: 'admin',
  /** The audit log: who changed what in the company, and from which (truncated) address. */
  readAuditLog: 'admin',
  /** Exporting every stored event: the mirror of an import, and no more than the dashboards already show. */
  exportData: 'admin',
  /** The plans and what the company's allows; changing it is `manageBilling`. */
  seePlans: 'admin',
  changeMemberRoles: 'owner',
  manageBilling: 'owner',
  transferOwnership: 'owner',
  deleteCompany: 'owner',
  /** Deleting a range of days for good, figures included: as final as deleting the company. */
  deleteData: 'owner',
} as const satisfies Record<string, MembershipRole>;

/** Something a member may do to a company, by the least role it takes. */
export type CompanyAction = keyof typeof LEAST_ROLE;

/** Whether a member of `role` (none: not a member) may do `action`. */
export function can(role: MembershipRole | undefined, action: CompanyAction): boolean {
  return roleAtLeast(role, LEAST_ROLE[action]);
}

/** A member as the team rules see them. */
export interface TeamMember {
  userId: number;
  role: MembershipRole;
}

/**
 * Who may take `member` off the team: anyone may leave (except the owner, who hands the company over
 * first); an admin removes viewers; the owner removes anyone else.
 */
export function canRemoveMember(actor: TeamMember, member: TeamMember): boolean {
  if (member.role === 'owner') return false;
  if (actor.userId === member.userId) return true;
  if (actor.role === 'owner') return true;
  return actor.role === 'admin' && member.role === 'viewer';
}

/** Who may make `member` an admin or a viewer, or hand the company over to them: the owner, for another. */
export function canChangeRoleOf(actor: TeamMember, member: TeamMember): boolean {
  return can(actor.role, 'changeMemberRoles') && actor.userId !== member.userId && member.role !== 'owner';
}

/** Everyone but the owner may leave; the owner hands the company over first. */
export function canLeave(role: MembershipRole): boolean {
  return role !== 'owner';
}
