import { asc, eq } from 'drizzle-orm';
import type { Db } from '../create-db';
import type { Plan } from '../schema/types';

export type PlansRepository = ReturnType<typeof createPlansRepository>;

export function createPlansRepository(db: Db) {
  const { plans } = db.schema;

  return {
    /** The plans on offer, in display order. */
    async list(): Promise<Plan[]> {
      return db.orm
        .select()
        .from(plans)
        .where(eq(plans.active, true))
        .orderBy(asc(plans.sortOrder), asc(plans.id));
    },

    async findBySlug(slug: string): Promise<Plan | undefined> {
      const [plan] = await db.orm.select().from(plans).where(eq(plans.slug, slug));
      return plan;
    },

    /** The plan new companies start on (a unique index allows at most one). */
    async findDefault(): Promise<Plan | undefined> {
      const [plan] = await db.orm.select().from(plans).where(eq(plans.isDefault, true));
      return plan;
    },
  };
}
