import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Company, MembershipRole, User } from '../../schema/types';
import { first, run, transaction } from '../../transaction';
import { normalizeEmail, required } from '../required';

export interface RegisterInput {
  /** `emailVerifiedAt` when the address is already proven (a first sign-in through single sign-on). */
  user: { name: string; email: string; passwordHash: string; emailVerifiedAt?: Date };
  company: { name: string; website: string | null; timezone: string; trackingKey: string };
  /** The provider's account the user signed up through, linked in the same transaction. */
  oidcIdentity?: { issuer: string; subject: string };
}

/** Thrown by `registerInvited` when the invitation was used or revoked meanwhile: nothing is stored. */
export class InvitationGoneError extends Error {
  override name = 'InvitationGoneError';
}

export interface UserUpdate {
  name?: string;
  email?: string;
  emailVerifiedAt?: Date | null;
}

export interface UserCompanySummary {
  id: number;
  name: string;
  role: MembershipRole;
  /** The plan's slug. */
  plan: string;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

export function createUsersRepository(db: Db) {
  const { users, companies, memberships, plans, authSessions, invitations, oidcIdentities } = db.schema;

  return {
    async findById(id: number): Promise<User | undefined> {
      const [user] = await db.orm.select().from(users).where(eq(users.id, id));
      return user;
    },

    async count(): Promise<number> {
      const [row] = await db.orm.select({ total: count() }).from(users);
      return row?.total ?? 0;
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.orm
        .select()
        .from(users)
        .where(eq(users.email, normalizeEmail(email)));
      return user;
    },

    /**
     * Creates the user, their first company on the default plan and the owner membership (and the link to
     * their provider's account, when given), all or none.
     */
    register(input: RegisterInput): Promise<{ user: User; company: Company }> {
      return transaction(db, function* (tx) {
        const plan = yield* first(tx.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true)));
        if (!plan) throw new Error('No default plan: run migrate() first.');
        const user = required(
          yield* first(
            tx
              .insert(users)
              .values({ ...input.user, email: normalizeEmail(input.user.email) })
              .returning(),
          ),
          'the new user',
        );
        const company = required(
          yield* first(
            tx
              .insert(companies)
              .values({ ...input.company, planId: plan.id })
              .returning(),
          ),
          'the new company',
        );
        yield* run(tx.insert(memberships).values({ companyId: company.id, userId: user.id, role: 'owner' }));
        if (input.oidcIdentity) {
          yield* run(tx.insert(oidcIdentities).values({ ...input.oidcIdentity, userId: user.id }));
        }
        return { user, company };
      });
    },

    /**
     * Creates a user who signs up with an invitation: verified (the invitation's link reached the address),
     * with no company of their own, a member of the inviting one. All or none; throws
     * `InvitationGoneError` when the invitation was used or revoked meanwhile.
     */
    registerInvited(user: RegisterInput['user'], invitationId: number, at: Date): Promise<User> {
      return transaction(db, function* (tx) {
        const created = required(
          yield* first(
            tx
              .insert(users)
              .values({ ...user, email: normalizeEmail(user.email), emailVerifiedAt: at })
              .returning(),
          ),
          'the new user',
        );
        const invitation = yield* first(
          tx
            .delete(invitations)
            .where(eq(invitations.id, invitationId))
            .returning({ companyId: invitations.companyId, role: invitations.role }),
        );
        if (!invitation) throw new InvitationGoneError('The invitation was used or revoked.');
        yield* run(
          tx
            .insert(memberships)
            .values({ companyId: invitation.companyId, userId: created.id, role: invitation.role }),
        );
        return created;
      });
    },

    /**
     * Deletes a user: their memberships, sessions and reset tokens go with them (cascading keys), their
     * invitations and checkouts keep no name. The companies they own are deleted before (`deleteCompany`).
     */
    async delete(id: number): Promise<boolean> {
      const gone = await db.orm.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return gone.length > 0;
    },

    /** Changes the given fields; answers the updated user, or undefined when there is none. */
    async update(id: number, changes: UserUpdate): Promise<User | undefined> {
      const [user] = await db.orm
        .update(users)
        .set({
          name: changes.name,
          email: changes.email === undefined ? undefined : normalizeEmail(changes.email),
          emailVerifiedAt: changes.emailVerifiedAt,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      return user;
    },

    /** Records the first verification of the user's address; answers whether it was unverified. */
    async markVerified(id: number, at: Date): Promise<boolean> {
      const changed = await db.orm
        .update(users)
        .set({ emailVerifiedAt: at, updatedAt: at })
        .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      return changed.length > 0;
    },

    /** Sets a new hash and signs out every other session of the user (all of them when keep is null). */
    changePassword(id: number, passwordHash: string, keepSessionId: string | null): Promise<void> {
      const now = new Date();
      return transaction(db, function* (tx) {
        yield* run(tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id)));
        yield* run(
          tx
            .update(authSessions)
            .set({ revokedAt: now })
            .where(
              and(
                eq(authSessions.userId, id),
                isNull(authSessions.revokedAt),
                keepSessionId === null ? undefined : ne(authSessions.id, keepSessionId),
              ),
            ),
        );
      });
    },

    async listCompanies(userId: number): Promise<UserCompanySummary[]> {
      return db.orm
        .select({ id: companies.id, name: companies.name, role: memberships.role, plan: plans.slug })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(eq(memberships.userId, userId))
        .orderBy(companies.id);
    },
  };
}
