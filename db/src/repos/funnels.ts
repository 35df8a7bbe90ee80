import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../create-db';
import type { Funnel } from '../schema/types';
import { required } from './required';

/** What defines a funnel: a name and its steps, goal ids of the same company in order. */
export interface FunnelDefinition {
  name: string;
  steps: number[];
}

export type FunnelsRepository = ReturnType<typeof createFunnelsRepository>;

/** A company's funnels (docs/api.md "Funnels"). The goals' repository deletes those naming a deleted goal. */
export function createFunnelsRepository(db: Db) {
  const { funnels } = db.schema;
  const ofCompany = (companyId: number, funnelId: number) =>
    and(eq(funnels.companyId, companyId), eq(funnels.id, funnelId));

  return {
    /** The company's funnels, oldest first. */
    list(companyId: number): Promise<Funnel[]> {
      return db.orm.select().from(funnels).where(eq(funnels.companyId, companyId)).orderBy(asc(funnels.id));
    },

    async count(companyId: number): Promise<number> {
      const [row] = await db.orm
        .select({ total: count() })
        .from(funnels)
        .where(eq(funnels.companyId, companyId));
      return row?.total ?? 0;
    },

    async create(companyId: number, definition: FunnelDefinition): Promise<Funnel> {
      const [funnel] = await db.orm
        .insert(funnels)
        .values({ ...definition, companyId })
        .returning();
      return required(funnel, 'the new funnel');
    },

    async find(companyId: number, funnelId: number): Promise<Funnel | undefined> {
      const [funnel] = await db.orm.select().from(funnels).where(ofCompany(companyId, funnelId));
      return funnel;
    },

    async delete(companyId: number, funnelId: number): Promise<boolean> {
      const gone = await db.orm
        .delete(funnels)
        .where(ofCompany(companyId, funnelId))
        .returning({ id: funnels.id });
      return gone.length > 0;
    },
  };
}
