import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../create-db';
import type { Goal, NewGoal } from '../schema/types';
import { required } from './required';

/** What defines a goal, as stored: an event name (with an optional property) or a page pattern. */
export type GoalDefinition = Pick<NewGoal, 'name' | 'eventName' | 'pagePath' | 'propKey' | 'propValue'>;

export type GoalsRepository = ReturnType<typeof createGoalsRepository>;

/** A company's goals (docs/api.md §11). */
export function createGoalsRepository(db: Db) {
  const { goals } = db.schema;
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

    async delete(companyId: number, goalId: number): Promise<boolean> {
      const gone = await db.orm.delete(goals).where(ofCompany(companyId, goalId)).returning({ id: goals.id });
      return gone.length > 0;
    },
  };
}
