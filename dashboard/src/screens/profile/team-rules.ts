import type { Member, MembershipRole, UserCompany } from '@footfall/contract';
import { canChangeRoleOf, canRemoveMember, roleRank } from '@footfall/contract/rules';

// What the team panel offers whom, by the rules the server refuses by (`@footfall/contract/rules`,
// docs/api.md "Sites and teams"), so that no button leads to a refusal.

export { canLeave } from '@footfall/contract/rules';

/** The signed-in user as a member of the company on screen. */
export interface Actor {
  userId: number;
  role: MembershipRole;
}

export interface MemberActions {
  /** Make an admin a viewer or back: the owner's alone. */
  changeRole: boolean;
  /** Hand the company over to this member: the owner's alone. */
  transfer: boolean;
  /** Take this member off the team: the owner removes anyone else, an admin removes viewers. */
  remove: boolean;
}

export function memberActions(actor: Actor, member: Member): MemberActions {
  const target = { userId: member.user_id, role: member.role };
  const isSelf = member.user_id === actor.userId;
  return {
    changeRole: canChangeRoleOf(actor, target),
    transfer: canChangeRoleOf(actor, target),
    // Leaving is offered apart from the list (`canLeave`).
    remove: !isSelf && canRemoveMember(actor, target),
  };
}

/** The server's order (`ROLES_BY_RANK`): the owner, then admins, then viewers, each by name. */
export function sortMembers(members: readonly Member[]): Member[] {
  return [...members].sort(
    (a, b) => roleRank(b.role) - roleRank(a.role) || a.name.localeCompare(b.name) || a.user_id - b.user_id,
  );
}

/** The team after a member's role changed: a transfer makes the old owner an admin. */
export function withRole(members: readonly Member[], userId: number, role: MembershipRole): Member[] {
  return sortMembers(
    members.map((member) => {
      if (member.user_id === userId) return { ...member, role };
      if (role === 'owner' && member.role === 'owner') return { ...member, role: 'admin' };
      return member;
    }),
  );
}

/** The sites deleted with the account: those it owns. Its other memberships just end. */
export function ownedSites(companies: readonly UserCompany[]): UserCompany[] {
  return companies.filter((company) => company.role === 'owner');
}

/** Where a user goes once a site is no longer theirs: their other sites, or home when none is left. */
export function pageAfterLosingSite(remainingSites: readonly unknown[]): '/sites' | '/home' {
  return remainingSites.length > 0 ? '/sites' : '/home';
}

/** A site is deleted only once its name is typed exactly as it is. */
export function isSiteNameConfirmed(typed: string, name: string): boolean {
  return typed === name;
}

/** The account's address confirms its deletion in any case, as the server compares it. */
export function isEmailConfirmed(typed: string, email: string): boolean {
  return typed.trim() !== '' && typed.trim().toLowerCase() === email.toLowerCase();
}
