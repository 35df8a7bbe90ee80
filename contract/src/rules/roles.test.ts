import { describe, expect, it } from 'vitest';
import type { MembershipRole } from '../accounts/auth';
import {
  type CompanyAction,
  can,
  canChangeRoleOf,
  canLeave,
  canRemoveMember,
  LEAST_ROLE,
  ROLES_BY_RANK,
  roleAtLeast,
} from './roles';

const ROLES: MembershipRole[] = ['viewer', 'admin', 'owner'];
const ACTIONS = Object.keys(LEAST_ROLE) as CompanyAction[];

describe('roles', () => {
  it('rank owner over admin over viewer, and no role below every one', () => {
    expect(ROLES_BY_RANK).toEqual(['owner', 'admin', 'viewer']);
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'owner')).toBe(false);
    expect(roleAtLeast('viewer', 'viewer')).toBe(true);
    expect(roleAtLeast(undefined, 'viewer')).toBe(false);
  });

  it('allow each action to its least role and every role above it, and to none below', () => {
    for (const action of ACTIONS) {
      const allowed = ROLES.filter((role) => can(role, action));
      const least = ROLES.indexOf(LEAST_ROLE[action]);
      expect(allowed, action).toEqual(ROLES.slice(least));
      expect(can(undefined, action), action).toBe(false);
    }
  });
});

describe('team rules', () => {
  const owner = { userId: 1, role: 'owner' as const };
  const admin = { userId: 2, role: 'admin' as const };
  const otherAdmin = { userId: 3, role: 'admin' as const };
  const viewer = { userId: 4, role: 'viewer' as const };

  it('let the owner remove anyone else, an admin only viewers, and anyone but the owner leave', () => {
    expect([admin, otherAdmin, viewer].map((member) => canRemoveMember(owner, member))).toEqual([
      true,
      true,
      true,
    ]);
    expect([owner, otherAdmin, viewer].map((member) => canRemoveMember(admin, member))).toEqual([
      false,
      false,
      true,
    ]);
    expect([owner, admin, otherAdmin].map((member) => canRemoveMember(viewer, member))).toEqual([
      false,
      false,
      false,
    ]);
    // Removing oneself is leaving.
    expect([admin, viewer].map((member) => canRemoveMember(member, member))).toEqual([true, true]);
    expect(canRemoveMember(owner, owner)).toBe(false);
    expect(ROLES.filter(canLeave)).toEqual(['viewer', 'admin']);
  });

  it("let only the owner change another member's role", () => {
    expect([admin, viewer, owner].map((member) => canChangeRoleOf(owner, member))).toEqual([
      true,
      true,
      false,
    ]);
    expect([viewer, otherAdmin].map((member) => canChangeRoleOf(admin, member))).toEqual([false, false]);
  });
});
