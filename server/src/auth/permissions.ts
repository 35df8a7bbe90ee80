import type { MembershipRole } from '@footfall/contract';
import { type CompanyAction, can, LEAST_ROLE } from '@footfall/contract/rules';

/**
 * What each role of a company's team may do (docs/api.md "Sites and teams"), by the contract's table of
 * least roles (`@footfall/contract/rules`, which the dashboard reads too). Every company route names one of
 * these predicates in its `permission` option, and the route hook (plugins/company-access.ts) refuses a
 * caller whose role is below it; rules that depend on more than the caller's role (who may remove whom)
 * are in the contract too, called by their handlers.
 */

/** A yes-or-no over the caller's role, with the least role it admits and the words of its refusal. */
export interface CompanyPermission {
  (role: MembershipRole): boolean;
  readonly leastRole: MembershipRole;
  readonly refusal: string;
}

function permission(action: CompanyAction, refusal: string): CompanyPermission {
  const allows = (role: MembershipRole) => can(role, action);
  return Object.assign(allows, { leastRole: LEAST_ROLE[action], refusal });
}

export const canViewCompany = permission('viewCompany', 'You do not have access to this company.');
export const canEditCompany = permission(
  'editCompany',
  "Only the company's owner and admins can change its settings.",
);
export const canManageApiKeys = permission(
  'manageApiKeys',
  "Only the company's owner and admins can manage its API keys.",
);
export const canImportEvents = permission(
  'importEvents',
  "Only the company's owner and admins can import events.",
);
export const canInviteMembers = permission(
  'inviteMembers',
  "Only the company's owner and admins can invite members.",
);
export const canManageGoals = permission(
  'manageGoals',
  "Only the company's owner and admins can manage its goals.",
);
export const canManageFunnels = permission(
  'manageFunnels',
  "Only the company's owner and admins can manage its funnels.",
);
export const canManageSegments = permission(
  'manageSegments',
  "Only the company's owner and admins can manage its segments.",
);
export const canManageSharedLinks = permission(
  'manageSharedLinks',
  "Only the company's owner and admins can manage its shared links.",
);
export const canManageAnnotations = permission(
  'manageAnnotations',
  "Only the company's owner and admins can manage its annotations.",
);
export const canManageAlerts = permission(
  'manageAlerts',
  "Only the company's owner and admins can manage its alerts.",
);
export const canReadAuditLog = permission(
  'readAuditLog',
  "Only the company's owner and admins can read its audit log.",
);
export const canExportData = permission(
  'exportData',
  "Only the company's owner and admins can export its data.",
);
export const canChangeMemberRoles = permission(
  'changeMemberRoles',
  "Only the company's owner can change members' roles.",
);
export const canManageBilling = permission('manageBilling', "Only the company's owner can change its plan.");
export const canTransferOwnership = permission(
  'transferOwnership',
  "Only the company's owner can hand the company over.",
);
export const canDeleteCompany = permission('deleteCompany', "Only the company's owner can delete it.");
export const canDeleteData = permission('deleteData', "Only the company's owner can delete its data.");
