import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { SubjectKind } from '../../schema/types';
import { run, transaction } from '../../transaction';

export interface PasswordResetInput {
  kind: SubjectKind;
  subjectId: number;
  /** SHA-256 hex of the token mailed to the account; the token itself is never stored. */
  tokenHash: string;
  expiresAt: Date;
}

export interface PasswordReset {
  id: number;
  kind: SubjectKind;
  subjectId: number;
  expiresAt: Date;
}

export interface CompletePasswordResetInput {
  kind: SubjectKind;
  subjectId: number;
  passwordHash: string;
  now: Date;
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;

export function createPasswordResetsRepository(db: Db) {
  const { passwordResetTokens: tokens, users, admins, authSessions } = db.schema;
  const tokenSubject = (kind: SubjectKind) => (kind === 'user' ? tokens.userId : tokens.adminId);
  const sessionSubject = (kind: SubjectKind) =>
    kind === 'user' ? authSessions.userId : authSessions.adminId;

  return {
    /** Stores a new token for the account, invalidating its earlier ones (docs/api.md "Accounts"). */
    replace(input: PasswordResetInput): Promise<void> {
      const { kind, subjectId, tokenHash, expiresAt } = input;
      return transaction(db, function* (tx) {
        yield* run(tx.delete(tokens).where(eq(tokenSubject(kind), subjectId)));
        yield* run(
          tx.insert(tokens).values({
            kind,
            userId: kind === 'user' ? subjectId : null,
            adminId: kind === 'admin' ? subjectId : null,
            tokenHash,
            expiresAt,
          }),
        );
      });
    },

    /** The token with this hash for this kind of account, expired or not: the caller checks `expiresAt`. */
    async findByHash(kind: SubjectKind, tokenHash: string): Promise<PasswordReset | undefined> {
      const [token] = await db.orm
        .select()
        .from(tokens)
        .where(and(eq(tokens.kind, kind), eq(tokens.tokenHash, tokenHash)));
      const subjectId = token && (kind === 'user' ? token.userId : token.adminId);
      if (!token || subjectId === null || subjectId === undefined) return undefined;
      return { id: token.id, kind: token.kind, subjectId, expiresAt: token.expiresAt };
    },

    /**
     * Sets the new password, spends every reset token of the account and signs out all its sessions.
     * A user's address counts as verified from then on: receiving the reset mail proved it.
     */
    complete(input: CompletePasswordResetInput): Promise<void> {
      const { kind, subjectId, passwordHash, now } = input;
      return transaction(db, function* (tx) {
        if (kind === 'user') {
          yield* run(tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, subjectId)));
          yield* run(
            tx
              .update(users)
              .set({ emailVerifiedAt: now })
              .where(and(eq(users.id, subjectId), isNull(users.emailVerifiedAt))),
          );
        } else {
          yield* run(tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, subjectId)));
        }
        yield* run(tx.delete(tokens).where(eq(tokenSubject(kind), subjectId)));
        yield* run(
          tx
            .update(authSessions)
            .set({ revokedAt: now })
            .where(and(eq(sessionSubject(kind), subjectId), isNull(authSessions.revokedAt))),
        );
      });
    },
  };
}
