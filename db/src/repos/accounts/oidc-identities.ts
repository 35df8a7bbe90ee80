import { and, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { User } from '../../schema/types';

export type OidcIdentitiesRepository = ReturnType<typeof createOidcIdentitiesRepository>;

/** Links between users and their accounts at an OpenID provider, found by (issuer, subject). */
export function createOidcIdentitiesRepository(db: Db) {
  const { oidcIdentities, users } = db.schema;
  const identity = (issuer: string, subject: string) =>
    and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject));

  return {
    /** The user linked to the provider's account, if any. */
    async findUser(issuer: string, subject: string): Promise<User | undefined> {
      const [row] = await db.orm
        .select({ user: users })
        .from(oidcIdentities)
        .innerJoin(users, eq(users.id, oidcIdentities.userId))
        .where(identity(issuer, subject));
      return row?.user;
    },

    /** Links the provider's account to the user; a link that exists already is left as it is. */
    async link(issuer: string, subject: string, userId: number, at: Date): Promise<void> {
      await db.orm
        .insert(oidcIdentities)
        .values({ issuer, subject, userId, createdAt: at, lastUsedAt: at })
        .onConflictDoNothing();
    },

    async touch(issuer: string, subject: string, at: Date): Promise<void> {
      await db.orm.update(oidcIdentities).set({ lastUsedAt: at }).where(identity(issuer, subject));
    },

    async listForUser(userId: number) {
      return db.orm.select().from(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    },
  };
}
