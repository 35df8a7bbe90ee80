import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { CheckoutSession, CheckoutStatus, NewCheckoutSession } from '../../schema/types';
import { required } from '../required';

export type CheckoutSessionsRepository = ReturnType<typeof createCheckoutSessionsRepository>;

/**
 * Checkout sessions: one attempt to move a company to a plan through a payment provider. Every status change
 * is a conditional update from the status it may leave, so two requests racing (a double click, a webhook
 * delivered twice) cannot both make it: the one that wins gets the row, the other gets nothing.
 */
export function createCheckoutSessionsRepository(db: Db) {
  const { checkoutSessions } = db.schema;

  /** Moves `id` from one of `from` to `to`; answers the updated row, or undefined when it was not in `from`. */
  async function transition(
    id: string,
    from: CheckoutStatus[],
    changes: { status: CheckoutStatus; completedAt?: Date | null },
  ): Promise<CheckoutSession | undefined> {
    const [session] = await db.orm
      .update(checkoutSessions)
      .set(changes)
      .where(and(eq(checkoutSessions.id, id), inArray(checkoutSessions.status, from)))
      .returning();
    return session;
  }

  return {
    /**
     * Deletes the checkouts that never completed (open, canceled or expired) and were started before
     * `before`; answers how many. Completed ones stay: the plan changes they paid for point at them.
     */
    async deleteUnfinished(before: Date): Promise<number> {
      const deleted = await db.orm
        .delete(checkoutSessions)
        .where(
          and(
            inArray(checkoutSessions.status, ['open', 'canceled', 'expired']),
            lt(checkoutSessions.createdAt, before),
          ),
        )
        .returning({ id: checkoutSessions.id });
      return deleted.length;
    },

    async create(input: NewCheckoutSession): Promise<CheckoutSession> {
      const [session] = await db.orm.insert(checkoutSessions).values(input).returning();
      return required(session, 'the new checkout session');
    },

    async findById(id: string): Promise<CheckoutSession | undefined> {
      const [session] = await db.orm.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      return session;
    },

    /** The session a provider knows by its own id (Stripe's `cs_live_…`). */
    async findByExternalId(externalId: string): Promise<CheckoutSession | undefined> {
      const [session] = await db.orm
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.externalId, externalId));
      return session;
    },

    async setExternalId(id: string, externalId: string): Promise<void> {
      await db.orm.update(checkoutSessions).set({ externalId }).where(eq(checkoutSessions.id, id));
    },

    /**
     * Marks an open session complete. `from` may add `expired`: a payment the provider confirms is honoured
     * even when it arrives after our own expiry.
     */
    complete(id: string, now: Date, from: CheckoutStatus[] = ['open']): Promise<CheckoutSession | undefined> {
      return transition(id, from, { status: 'complete', completedAt: now });
    },

    /** Puts a session back to the status it left, when applying its plan failed after it was marked complete. */
    reopen(id: string, status: CheckoutStatus): Promise<CheckoutSession | undefined> {
      return transition(id, ['complete'], { status, completedAt: null });
    },

    cancel(id: string): Promise<CheckoutSession | undefined> {
      return transition(id, ['open'], { status: 'canceled' });
    },

    expire(id: string): Promise<CheckoutSession | undefined> {
      return transition(id, ['open'], { status: 'expired' });
    },
  };
}
