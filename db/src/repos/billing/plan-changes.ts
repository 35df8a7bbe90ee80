import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { PlanChange } from '../../schema/types';
import { first, run, transaction } from '../../transaction';

export interface PlanChangeInput {
  companyId: number;
  toPlanId: number;
  source: PlanChange['source'];
  checkoutSessionId?: string;
  adminId?: number;
  now: Date;
}

export type PlanChangesRepository = ReturnType<typeof createPlanChangesRepository>;

/**
 * Moves companies between plans. Every move goes through `change`, which records it beside the update in one
 * transaction: the history cannot miss a change, nor record one that did not happen.
 */
export function createPlanChangesRepository(db: Db) {
  const { companies, planChanges } = db.schema;

  return {
    /**
     * Puts the company on `toPlanId` and records the change; answers the recorded change, or undefined
     * when the company does not exist. A change to the plan the company is already on is recorded too
     * (an admin re-applying a plan, a second checkout), so that every confirmed payment has its row.
     */
    async change(input: PlanChangeInput): Promise<PlanChange | undefined> {
      return transaction(db, function* (tx) {
        const company = yield* first(
          tx.select({ planId: companies.planId }).from(companies).where(eq(companies.id, input.companyId)),
        );
        if (!company) return undefined;
        yield* run(
          tx
            .update(companies)
            .set({ planId: input.toPlanId, updatedAt: input.now })
            .where(eq(companies.id, input.companyId)),
        );
        return yield* first(
          tx
            .insert(planChanges)
            .values({
              companyId: input.companyId,
              fromPlanId: company.planId,
              toPlanId: input.toPlanId,
              source: input.source,
              checkoutSessionId: input.checkoutSessionId ?? null,
              adminId: input.adminId ?? null,
              createdAt: input.now,
            })
            .returning(),
        );
      });
    },

    /** A company's plan changes, newest first. */
    async listForCompany(companyId: number): Promise<PlanChange[]> {
      return db.orm
        .select()
        .from(planChanges)
        .where(eq(planChanges.companyId, companyId))
        .orderBy(desc(planChanges.createdAt), desc(planChanges.id));
    },
  };
}
