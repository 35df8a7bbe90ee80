import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Goal, NewGoal } from '../../schema/types';
import { rows, run, transaction } from '../../transaction';
import { required } from '../required';

/** What defines a goal, as stored: an event name (with an optional property) or a page pattern. */
export type GoalDefinition = Pick<
  NewGoal,
  'name' | 'eventName' | 'pagePath' | 'propKey' | 'propValue' | 'revenueCurrency'
>;

export type GoalsRepository = ReturnType<typeof createGoalsRepository>;

/** A company's goals (docs/api.md "Goals"), and the funnels that name them when they go. */
export function createGoalsRepository(db: Db) {
  const { goals, funnels } = db.schema;
  const ofCompany = (companyId: number, goalId: number) =>
    and(eq(goals.companyId, companyId), eq(goals.id, goalId));

  return {
    /** The company's goals, oldest first. */
    list(companyId: number): Promise<Goal[]> {
      return db.orm.select().from(goals).where(eq(goals.companyId, companyId)).orderBy(asc(goals.id));
    },

    async count(companyId: number): Promise<number> {
      const [row] = await db.orm.select({ total: count() }).from(goals).where(eq(goals.companyId, companyId));
      return row?.total ?? 0;
    },

    async create(companyId: number, definition: GoalDefinition): Promise<Goal> {
      const [goal] = await db.orm
        .insert(goals)
        .values({ ...definition, companyId })
        .returning();
      return required(goal, 'the new goal');
    },

    /** Replaces a goal's definition; undefined when the company has no such goal. */
    async update(companyId: number, goalId: number, definition: GoalDefinition): Promise<Goal | undefined> {
      const [goal] = await db.orm
        .update(goals)
        .set(definition)
        .where(ofCompany(companyId, goalId))
        .returning();
      return goal;
    },

    async find(companyId: number, goalId: number): Promise<Goal | undefined> {
      const [goal] = await db.orm.select().from(goals).where(ofCompany(companyId, goalId));
      return goal;
    },

    /**
     * Deletes a goal and, in the same transaction, the company's funnels that have it as a step (a funnel
     * cannot lose a step and stay the funnel its owners defined). Answers whether the goal existed.
     */
    delete(companyId: number, goalId: number): Promise<boolean> {
      return transaction(db, function* (tx) {
        const gone = yield* rows(
          tx.delete(goals).where(ofCompany(companyId, goalId)).returning({ id: goals.id }),
        );
        if (gone.length === 0) return false;
        // A company has at most a few dozen funnels: their steps are read and matched here rather than
        // searched with each dialect's JSON operators.
        const candidates = yield* rows(
          tx
            .select({ id: funnels.id, steps: funnels.steps })
            .from(funnels)
            .where(eq(funnels.companyId, companyId)),
        );
        const naming = candidates
          .filter((funnel) => funnel.steps.includes(goalId))
          .map((funnel) => funnel.id);
        if (naming.length > 0) yield* run(tx.delete(funnels).where(inArray(funnels.id, naming)));
        return true;
      });
    },
  };
}
