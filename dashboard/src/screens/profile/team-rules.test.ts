import type { Member, MembershipRole } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import {
  canLeave,
  isEmailConfirmed,
  isSiteNameConfirmed,
  memberActions,
  ownedSites,
  pageAfterLosingSite,
  sortMembers,
  withRole,
} from './team-rules';

function member(userId: number, role: MembershipRole, name = `User ${userId}`): Member {
  return { user_id: userId, name, email: `u${userId}@example.com`, role, joined_at: '2026-11-01T00:00:00Z' };
}

const owner = member(1, 'owner');
const admin = member(2, 'admin');
const viewer = member(3, 'viewer');
const none = { changeRole: false, transfer: false, remove: false };

describe('what the team panel offers', () => {
  it('lets the owner change roles, hand over and remove anyone else, but not leave', () => {
    const me = { userId: 1, role: 'owner' as const };
    expect(memberActions(me, owner)).toEqual(none);
    for (const other of [admin, viewer])
      expect(memberActions(me, other)).toEqual({ changeRole: true, transfer: true, remove: true });
    expect(canLeave('owner')).toBe(false);
  });

  it('lets an admin remove viewers only, and leave', () => {
    const me = { userId: 2, role: 'admin' as const };
    expect(memberActions(me, owner)).toEqual(none);
    expect(memberActions(me, admin)).toEqual(none);
    expect(memberActions(me, member(4, 'admin'))).toEqual(none);
    expect(memberActions(me, viewer)).toEqual({ ...none, remove: true });
    expect(canLeave('admin')).toBe(true);
  });

  it('lets a viewer only leave', () => {
    const me = { userId: 3, role: 'viewer' as const };
    expect(memberActions(me, owner)).toEqual(none);
    expect(memberActions(me, admin)).toEqual(none);
    expect(memberActions(me, member(4, 'viewer'))).toEqual(none);
    expect(memberActions(me, viewer)).toEqual(none);
    expect(canLeave('viewer')).toBe(true);
  });
});

describe('the member list', () => {
  it('orders the owner first, then admins, then viewers, each by name', () => {
    const list = [member(5, 'viewer', 'Bea'), member(6, 'admin', 'Zed'), owner, member(7, 'viewer', 'Al')];
    expect(sortMembers(list).map((m) => m.name)).toEqual(['User 1', 'Zed', 'Al', 'Bea']);
  });

  it('moves a member whose role changed, and makes the old owner an admin after a hand-over', () => {
    expect(withRole([owner, admin, viewer], 3, 'admin').map((m) => [m.user_id, m.role])).toEqual([
      [1, 'owner'],
      [2, 'admin'],
      [3, 'admin'],
    ]);
    expect(withRole([owner, admin, viewer], 3, 'owner').map((m) => [m.user_id, m.role])).toEqual([
      [3, 'owner'],
      [1, 'admin'],
      [2, 'admin'],
    ]);
  });
});

describe('leaving and deleting', () => {
  it('lists the owned sites as those deleted with the account', () => {
    const companies = [
      { id: 1, name: 'Mine', role: 'owner' as const, plan: 'free' },
      { id: 2, name: 'Theirs', role: 'admin' as const, plan: 'free' },
    ];
    expect(ownedSites(companies).map((company) => company.name)).toEqual(['Mine']);
  });

  it('goes to the other sites when some are left, else home', () => {
    expect(pageAfterLosingSite([{ id: 2 }])).toBe('/sites');
    expect(pageAfterLosingSite([])).toBe('/home');
  });

  it('wants the site name exactly, and the address in any case', () => {
    expect(isSiteNameConfirmed('Acme Shop', 'Acme Shop')).toBe(true);
    expect(isSiteNameConfirmed('acme shop', 'Acme Shop')).toBe(false);
    expect(isSiteNameConfirmed('Acme', 'Acme Shop')).toBe(false);
    expect(isEmailConfirmed(' Ada@Example.com ', 'ada@example.com')).toBe(true);
    expect(isEmailConfirmed('ada@example.co', 'ada@example.com')).toBe(false);
    expect(isEmailConfirmed('', '')).toBe(false);
  });
});
