import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { SubjectKind } from '../../schema/types';
import { first, run, transaction } from '../../transaction';

/** An account's two-factor secret as stored: `secret` is the server's ciphertext, never the plain secret. */
export interface TwoFactorSecret {
  secret: string;
  /** Null while the enrolment waits for its first code. */
  enabledAt: Date | null;
  /** The time step of the last code accepted, null before the first. */
  lastStep: number | null;
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;

/** Two-factor secrets and recovery codes of users and admins (docs/api.md "Two-factor sign-in"). */
export function createTwoFactorRepository(db: Db) {
  const { twoFactorSecrets: secrets, twoFactorRecoveryCodes: codes } = db.schema;
  const secretOf = (kind: SubjectKind, id: number) =>
    and(eq(secrets.kind, kind), eq(kind === 'user' ? secrets.userId : secrets.adminId, id));
  const codesOf = (kind: SubjectKind, id: number) =>
    and(eq(codes.kind, kind), eq(kind === 'user' ? codes.userId : codes.adminId, id));
  const subject = (kind: SubjectKind, id: number) => ({
    kind,
    userId: kind === 'user' ? id : null,
    adminId: kind === 'admin' ? id : null,
  });
  // Only a step newer than the last one accepted may be accepted: this is the replay guard, in the
  // statement itself so that two requests racing with one code cannot both pass.
  const newerStep = (step: number) => or(isNull(secrets.lastStep), lt(secrets.lastStep, step));
  const codeRows = (kind: SubjectKind, id: number, hashes: readonly string[], now: Date) =>
    hashes.map((codeHash) => ({ ...subject(kind, id), codeHash, createdAt: now }));

  return {
    async find(kind: SubjectKind, id: number): Promise<TwoFactorSecret | undefined> {
      const [row] = await db.orm
        .select({ secret: secrets.secret, enabledAt: secrets.enabledAt, lastStep: secrets.lastStep })
        .from(secrets)
        .where(secretOf(kind, id));
      return row;
    },

    /** Starts an enrolment with a new secret, replacing one still waiting; answers false when 2FA is on. */
    startEnrolment(kind: SubjectKind, id: number, secret: string, now: Date): Promise<boolean> {
      return transaction(db, function* (tx) {
        const existing = yield* first(tx.select().from(secrets).where(secretOf(kind, id)));
        if (existing?.enabledAt) return false;
        yield* run(tx.delete(secrets).where(secretOf(kind, id)));
        yield* run(
          tx.insert(secrets).values({ ...subject(kind, id), secret, createdAt: now, updatedAt: now }),
        );
        return true;
      });
    },

    /**
     * Turns a waiting enrolment on with the step of its first code and the account's recovery codes;
     * answers false when there is no enrolment waiting or the step is not newer than the last one.
     */
    enable(kind: SubjectKind, id: number, step: number, codeHashes: readonly string[], now: Date) {
      return transaction(db, function* (tx) {
        const enabled = yield* first(
          tx
            .update(secrets)
            .set({ enabledAt: now, lastStep: step, updatedAt: now })
            .where(and(secretOf(kind, id), isNull(secrets.enabledAt), newerStep(step)))
            .returning({ id: secrets.id }),
        );
        if (!enabled) return false;
        yield* run(tx.delete(codes).where(codesOf(kind, id)));
        yield* run(tx.insert(codes).values(codeRows(kind, id, codeHashes, now)));
        return true;
      });
    },

    /** Records a code's step as used; answers false when it is not newer than the last one (a replay). */
    async acceptStep(kind: SubjectKind, id: number, step: number, now: Date): Promise<boolean> {
      const accepted = await db.orm
        .update(secrets)
        .set({ lastStep: step, updatedAt: now })
        .where(and(secretOf(kind, id), newerStep(step)))
        .returning({ id: secrets.id });
      return accepted.length > 0;
    },

    /** Spends one unused recovery code with this digest; answers false when there is none. */
    async useRecoveryCode(kind: SubjectKind, id: number, codeHash: string, now: Date): Promise<boolean> {
      const used = await db.orm
        .update(codes)
        .set({ usedAt: now })
        .where(and(codesOf(kind, id), eq(codes.codeHash, codeHash), isNull(codes.usedAt)))
        .returning({ id: codes.id });
      return used.length > 0;
    },

    async countRecoveryCodesLeft(kind: SubjectKind, id: number): Promise<number> {
      const [row] = await db.orm
        .select({ left: count() })
        .from(codes)
        .where(and(codesOf(kind, id), isNull(codes.usedAt)));
      return Number(row?.left ?? 0);
    },

    /** Replaces every recovery code of the account, used or not, with a new set. */
    replaceRecoveryCodes(kind: SubjectKind, id: number, codeHashes: readonly string[], now: Date) {
      return transaction(db, function* (tx) {
        yield* run(tx.delete(codes).where(codesOf(kind, id)));
        yield* run(tx.insert(codes).values(codeRows(kind, id, codeHashes, now)));
      });
    },

    /** Turns two-factor sign-in off: the secret and the recovery codes go. */
    disable(kind: SubjectKind, id: number): Promise<void> {
      return transaction(db, function* (tx) {
        yield* run(tx.delete(codes).where(codesOf(kind, id)));
        yield* run(tx.delete(secrets).where(secretOf(kind, id)));
      });
    },
  };
}
