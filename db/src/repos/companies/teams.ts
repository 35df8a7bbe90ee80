import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Invitation, InvitedRole, MembershipRole } from '../../schema/types';
import { first, rows, run, transaction } from '../../transaction';
import { normalizeEmail, required } from '../required';

/** A member of a company's team as its member list shows them. */
export interface TeamMember {
  userId: number;
  name: string;
  email: string;
  role: MembershipRole;
  joinedAt: Date;
}

export interface NewInvitation {
  companyId: number;
  email: string;
  role: InvitedRole;
  tokenHash: string;
  invitedBy: number;
  expiresAt: Date;
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;

/** Memberships and invitations: who belongs to a company, in which role, and who is asked to join. */
export function createTeamsRepository(db: Db) {
  const { memberships, users, invitations } = db.schema;

  // Owner first, then admins, then viewers; by name within a role.
  const roleOrder = sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

  function selectMembers(companyId: number, userId?: number) {
    return db.orm
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        role: memberships.role,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.companyId, companyId),
          userId === undefined ? undefined : eq(memberships.userId, userId),
        ),
      )
      .orderBy(roleOrder, asc(users.name), asc(users.id));
  }

  return {
    listMembers(companyId: number): Promise<TeamMember[]> {
      return selectMembers(companyId);
    },

    async findMember(companyId: number, userId: number): Promise<TeamMember | undefined> {
      const [member] = await selectMembers(companyId, userId);
      return member;
    },

    async isMemberByEmail(companyId: number, email: string): Promise<boolean> {
      const [row] = await db.orm
        .select({ userId: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.companyId, companyId), eq(users.email, normalizeEmail(email))));
      return row !== undefined;
    },

    /** Changes a member's role short of ownership (see `transferOwnership`); answers whether they were one. */
    async setRole(companyId: number, userId: number, role: InvitedRole): Promise<boolean> {
      const changed = await db.orm
        .update(memberships)
        .set({ role })
        .where(
          and(
            eq(memberships.companyId, companyId),
            eq(memberships.userId, userId),
            sql`${memberships.role} <> 'owner'`,
          ),
        )
        .returning({ userId: memberships.userId });
      return changed.length > 0;
    },

    async removeMember(companyId: number, userId: number): Promise<boolean> {
      const removed = await db.orm
        .delete(memberships)
        .where(
          and(
            eq(memberships.companyId, companyId),
            eq(memberships.userId, userId),
            sql`${memberships.role} <> 'owner'`,
          ),
        )
        .returning({ userId: memberships.userId });
      return removed.length > 0;
    },

    /**
     * Makes `toUserId` (already a member) the owner and the current owner an admin, in one transaction:
     * the demotion comes first, since the schema admits one owner per company. Answers whether it happened.
     */
    transferOwnership(companyId: number, fromUserId: number, toUserId: number): Promise<boolean> {
      return transaction(db, function* (tx) {
        const target = yield* first(
          tx
            .select({ role: memberships.role })
            .from(memberships)
            .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, toUserId))),
        );
        if (!target || target.role === 'owner') return false;
        const demoted = yield* rows(
          tx
            .update(memberships)
            .set({ role: 'admin' })
            .where(
              and(
                eq(memberships.companyId, companyId),
                eq(memberships.userId, fromUserId),
                eq(memberships.role, 'owner'),
              ),
            )
            .returning({ userId: memberships.userId }),
        );
        if (demoted.length === 0) return false;
        yield* run(
          tx
            .update(memberships)
            .set({ role: 'owner' })
            .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, toUserId))),
        );
        return true;
      });
    },

    /** Pending invitations of a company, newest first. */
    listInvitations(companyId: number, now: Date): Promise<Invitation[]> {
      return db.orm
        .select()
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), gt(invitations.expiresAt, now)))
        .orderBy(desc(invitations.createdAt), desc(invitations.id));
    },

    /** Invites an address, or renews its invitation (new role, token and expiry) when one exists. */
    async invite(input: NewInvitation): Promise<Invitation> {
      const values = { ...input, email: normalizeEmail(input.email), createdAt: new Date() };
      const [invitation] = await db.orm
        .insert(invitations)
        .values(values)
        .onConflictDoUpdate({
          target: [invitations.companyId, invitations.email],
          set: {
            role: values.role,
            tokenHash: values.tokenHash,
            invitedBy: values.invitedBy,
            expiresAt: values.expiresAt,
            createdAt: values.createdAt,
          },
        })
        .returning();
      return required(invitation, 'the invitation');
    },

    async findInvitation(companyId: number, invitationId: number): Promise<Invitation | undefined> {
      const [invitation] = await db.orm
        .select()
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), eq(invitations.id, invitationId)));
      return invitation;
    },

    /** Gives an invitation a new token and expiry (a resent mail); answers the renewed row. */
    async renewInvitation(
      companyId: number,
      invitationId: number,
      tokenHash: string,
      expiresAt: Date,
    ): Promise<Invitation | undefined> {
      const [invitation] = await db.orm
        .update(invitations)
        .set({ tokenHash, expiresAt })
        .where(and(eq(invitations.companyId, companyId), eq(invitations.id, invitationId)))
        .returning();
      return invitation;
    },

    async revokeInvitation(companyId: number, invitationId: number): Promise<boolean> {
      const removed = await db.orm
        .delete(invitations)
        .where(and(eq(invitations.companyId, companyId), eq(invitations.id, invitationId)))
        .returning({ id: invitations.id });
      return removed.length > 0;
    },

    /** The unexpired invitation whose token hashes to `tokenHash`. */
    async findValidInvitation(tokenHash: string, now: Date): Promise<Invitation | undefined> {
      const [invitation] = await db.orm
        .select()
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), gt(invitations.expiresAt, now)));
      return invitation;
    },

    /**
     * Uses up an invitation and makes `userId` a member with its role, in one transaction. Someone who is
     * already a member keeps their role. Answers false when the invitation was used or revoked meanwhile.
     */
    accept(invitation: Invitation, userId: number): Promise<boolean> {
      return transaction(db, function* (tx) {
        const used = yield* rows(
          tx.delete(invitations).where(eq(invitations.id, invitation.id)).returning({ id: invitations.id }),
        );
        if (used.length === 0) return false;
        yield* run(
          tx
            .insert(memberships)
            .values({ companyId: invitation.companyId, userId, role: invitation.role })
            .onConflictDoNothing(),
        );
        return true;
      });
    },

    /** Drops invitations that expired before `before`; answers how many. */
    async pruneExpiredInvitations(before: Date): Promise<number> {
      const removed = await db.orm
        .delete(invitations)
        .where(lt(invitations.expiresAt, before))
        .returning({ id: invitations.id });
      return removed.length;
    },
  };
}
