import { and, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { AuthSession, SubjectKind } from '../../schema/types';
import { required } from '../required';

export interface NewAuthSessionInput {
  /** Random and unguessable; chosen by the server. */
  id: string;
  kind: SubjectKind;
  userId?: number | null;
  adminId?: number | null;
  remember: boolean;
  expiresAt: Date;
  /** The network it signs in from (the caller truncates the address); also its first last-used network. */
  ip: string | null;
  userAgent: string | null;
}

export type AuthSessionsRepository = ReturnType<typeof createAuthSessionsRepository>;

export function createAuthSessionsRepository(db: Db) {
  const { authSessions } = db.schema;
  const subjectColumn = (kind: SubjectKind) => (kind === 'user' ? authSessions.userId : authSessions.adminId);

  return {
    async create(input: NewAuthSessionInput): Promise<AuthSession> {
      const [session] = await db.orm
        .insert(authSessions)
        .values({
          ...input,
          userId: input.userId ?? null,
          adminId: input.adminId ?? null,
          lastUsedIp: input.ip,
        })
        .returning();
      return required(session, 'the new session');
    },

    /** The session, unless it is revoked or expired at `now`. */
    async findActive(id: string, now: Date): Promise<AuthSession | undefined> {
      const [session] = await db.orm
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)));
      return session;
    },

    /** Records a use from a network (null when unknown) and slides the expiry forward. */
    async touch(id: string, use: { at: Date; ip: string | null; expiresAt: Date }): Promise<void> {
      await db.orm
        .update(authSessions)
        .set({ lastUsedAt: use.at, lastUsedIp: use.ip, expiresAt: use.expiresAt })
        .where(eq(authSessions.id, id));
    },

    async revoke(id: string): Promise<void> {
      await db.orm
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)));
    },

    /** Revokes every live session of one user or admin; answers how many. */
    async revokeAll(kind: SubjectKind, subjectId: number): Promise<number> {
      const revoked = await db.orm
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(subjectColumn(kind), subjectId), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return revoked.length;
    },

    /** The live sessions of one user or admin at `now`, the one used last first. */
    listActive(kind: SubjectKind, subjectId: number, now: Date): Promise<AuthSession[]> {
      return db.orm
        .select()
        .from(authSessions)
        .where(
          and(
            eq(authSessions.kind, kind),
            eq(subjectColumn(kind), subjectId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
          ),
        )
        .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.createdAt));
    },

    /** Revokes the live sessions of one user or admin named in `ids`, except `keep`; answers how many. */
    async revokeSome(
      kind: SubjectKind,
      subjectId: number,
      ids: readonly string[],
      keep?: string,
    ): Promise<number> {
      const wanted = ids.filter((id) => id !== keep);
      if (wanted.length === 0) return 0;
      const revoked = await db.orm
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(subjectColumn(kind), subjectId),
            inArray(authSessions.id, wanted),
            isNull(authSessions.revokedAt),
          ),
        )
        .returning({ id: authSessions.id });
      return revoked.length;
    },

    /** Deletes sessions that expired, or were revoked, at or before `before`; answers how many. */
    async deleteExpired(before: Date): Promise<number> {
      const deleted = await db.orm
        .delete(authSessions)
        .where(or(lte(authSessions.expiresAt, before), lte(authSessions.revokedAt, before)))
        .returning({ id: authSessions.id });
      return deleted.length;
    },
  };
}
