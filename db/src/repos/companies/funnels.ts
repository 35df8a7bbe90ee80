import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Funnel } from '../../schema/types';
import { rows, transaction } from '../../transaction';
import { required } from '../required';

/** What defines a funnel: a name and its steps, goal ids of the same company in order. */
export interface FunnelDefinition {
  name: string;
  steps: number[];
}

const MAX_ID = 2 ** 31 - 1;

export type FunnelsRepository = ReturnType<typeof createFunnelsRepository>;

/** A company's funnels (docs/api.md "Funnels"). The goals' repository deletes those naming a deleted goal. */
export function createFunnelsRepository(db: Db) {
  const { funnels, goals } = db.schema;
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

    /**
     * Stores a funnel whose steps are all goals of the company; undefined, storing nothing, when one is not.
     * The steps' goals are locked by a write that changes nothing, so that a goal's deletion running at the
     * same time (which deletes the funnels naming it) either comes first, and the funnel is refused, or
     * waits for this one and then finds the funnel to delete. On SQLite transactions run one at a time.
     */
    create(companyId: number, definition: FunnelDefinition): Promise<Funnel | undefined> {
      return transaction(db, function* (tx) {
        const wanted = [...new Set(definition.steps)].sort((a, b) => a - b);
        // An id no goal can have (PostgreSQL would refuse it as an `integer`) names none of the company's.
        if (!wanted.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID)) return undefined;
        const locked = yield* rows(
          tx
            .update(goals)
            .set({ name: sql`${goals.name}` })
            .where(and(eq(goals.companyId, companyId), inArray(goals.id, wanted)))
            .returning({ id: goals.id }),
        );
        if (locked.length < wanted.length) return undefined;
        const [funnel] = yield* rows(
          tx
            .insert(funnels)
            .values({ ...definition, companyId })
            .returning(),
        );
        return required(funnel, 'the new funnel');
      });
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
