import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { SubjectKind } from '../../schema/types';
import { required } from '../required';

export type TwoFactorChallengePurpose = 'sign_in' | 'setup';

export interface NewTwoFactorChallenge {
  kind: SubjectKind;
  subjectId: number;
  /** SHA-256 hex of the challenge handed to the client; the challenge itself is never stored. */
  tokenHash: string;
  purpose: TwoFactorChallengePurpose;
  remember: boolean;
  expiresAt: Date;
  now: Date;
}

export interface TwoFactorChallenge {
  id: number;
  kind: SubjectKind;
  subjectId: number;
  purpose: TwoFactorChallengePurpose;
  remember: boolean;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

export type TwoFactorChallengesRepository = ReturnType<typeof createTwoFactorChallengesRepository>;

/** The pending second steps of sign-ins (docs/api.md "Two-factor sign-in"). */
export function createTwoFactorChallengesRepository(db: Db) {
  const { twoFactorChallenges: challenges } = db.schema;

  return {
    async create(input: NewTwoFactorChallenge): Promise<void> {
      const { kind, subjectId, tokenHash, purpose, remember, expiresAt, now } = input;
      await db.orm.insert(challenges).values({
        kind,
        userId: kind === 'user' ? subjectId : null,
        adminId: kind === 'admin' ? subjectId : null,
        tokenHash,
        purpose,
        remember,
        attempts: 0,
        createdAt: now,
        expiresAt,
      });
    },

    /** The challenge with this digest for this kind of account, spent or expired or not: the caller checks. */
    async findByHash(kind: SubjectKind, tokenHash: string): Promise<TwoFactorChallenge | undefined> {
      const [row] = await db.orm
        .select()
        .from(challenges)
        .where(and(eq(challenges.kind, kind), eq(challenges.tokenHash, tokenHash)));
      const subjectId = row && (kind === 'user' ? row.userId : row.adminId);
      if (!row || subjectId === null || subjectId === undefined) return undefined;
      const { id, purpose, remember, attempts, expiresAt, usedAt } = row;
      return { id, kind, subjectId, purpose, remember, attempts, expiresAt, usedAt };
    },

    /**
     * Counts one code before it is checked, in one atomic statement; answers the attempts made so far,
     * this one included, so that codes sent at once each get their own count.
     */
    async countAttempt(id: number): Promise<number> {
      const [row] = await db.orm
        .update(challenges)
        .set({ attempts: sql`${challenges.attempts} + 1` })
        .where(eq(challenges.id, id))
        .returning({ attempts: challenges.attempts });
      return required(row, 'the challenge').attempts;
    },

    /** Spends the challenge; answers false when it was already spent (two requests racing with it). */
    async spend(id: number, now: Date): Promise<boolean> {
      const spent = await db.orm
        .update(challenges)
        .set({ usedAt: now })
        .where(and(eq(challenges.id, id), isNull(challenges.usedAt)))
        .returning({ id: challenges.id });
      return spent.length > 0;
    },

    /** Deletes challenges that expired by `before`; answers how many. */
    async deleteExpired(before: Date): Promise<number> {
      const deleted = await db.orm
        .delete(challenges)
        .where(lte(challenges.expiresAt, before))
        .returning({ id: challenges.id });
      return deleted.length;
    },
  };
}
