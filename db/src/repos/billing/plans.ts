import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { NewPlan, Plan } from '../../schema/types';

/** A plan with how many companies are on it, as admins list them. */
export interface PlanWithCompanies extends Plan {
  companies: number;
}

/** What an admin may change in a plan; the slug, currency and interval stay as created. */
export type PlanUpdate = Partial<
  Pick<
    NewPlan,
    'name' | 'priceCents' | 'eventsQuota' | 'apiCallsQuota' | 'retentionDays' | 'features' | 'active'
  >
>;

export type PlansRepository = ReturnType<typeof createPlansRepository>;

export function createPlansRepository(db: Db) {
  const { plans, companies } = db.schema;

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

    async findById(id: number): Promise<Plan | undefined> {
      const [plan] = await db.orm.select().from(plans).where(eq(plans.id, id));
      return plan;
    },

    /** Every plan, inactive ones too, in display order, each with the number of companies on it. */
    async listAll(): Promise<PlanWithCompanies[]> {
      const listed = await db.orm
        .select({ plan: plans, companies: count(companies.id) })
        .from(plans)
        .leftJoin(companies, eq(companies.planId, plans.id))
        .groupBy(plans.id)
        .orderBy(asc(plans.sortOrder), asc(plans.id));
      return listed.map((row) => ({ ...row.plan, companies: Number(row.companies) }));
    },

    /** Changes a plan; answers the updated row, or undefined when there is no such plan. */
    async update(id: number, changes: PlanUpdate, now: Date): Promise<Plan | undefined> {
      const [plan] = await db.orm
        .update(plans)
        .set({ ...changes, updatedAt: now })
        .where(eq(plans.id, id))
        .returning();
      return plan;
    },
  };
}
