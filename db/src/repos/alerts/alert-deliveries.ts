import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { AlertDelivery } from '../../schema/types';
import { required } from '../required';

/** A message to queue for one channel. */
export interface NewAlertDelivery {
  companyId: number;
  channelId: number;
  ruleId: number | null;
  kind: AlertDelivery['kind'];
  payload: Record<string, unknown>;
}

/** What an attempt changed: the outcome and, while the delivery is still pending, when to try again. */
export interface AlertDeliveryOutcome {
  status: AlertDelivery['status'];
  attempts: number;
  lastError: string | null;
  responseStatus: number | null;
  nextAttemptAt: Date | null;
}

export type AlertDeliveriesRepository = ReturnType<typeof createAlertDeliveriesRepository>;

/**
 * The outbox of alert messages and each channel's delivery log. Senders claim a row before sending it, so
 * that several servers never send one twice; a claim that outlives a crashed sender lapses and the row is
 * sent again.
 */
export function createAlertDeliveriesRepository(db: Db) {
  const { alertDeliveries } = db.schema;

  const isDue = (now: Date) =>
    and(
      eq(alertDeliveries.status, 'pending'),
      lte(alertDeliveries.nextAttemptAt, now),
      or(isNull(alertDeliveries.claimedUntil), lte(alertDeliveries.claimedUntil, now)),
    );

  return {
    /** Queues a message, due at `now`. */
    async create(delivery: NewAlertDelivery, now: Date): Promise<AlertDelivery> {
      const [row] = await db.orm
        .insert(alertDeliveries)
        .values({ ...delivery, status: 'pending', nextAttemptAt: now, createdAt: now })
        .returning();
      return required(row, 'the new alert delivery');
    },

    /** A channel's log, newest first. */
    listForChannel(channelId: number, limit: number): Promise<AlertDelivery[]> {
      return db.orm
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.channelId, channelId))
        .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
        .limit(limit);
    },

    /** Ids of the deliveries due at `now`, oldest first. */
    async dueIds(now: Date, limit: number): Promise<number[]> {
      const due = await db.orm
        .select({ id: alertDeliveries.id })
        .from(alertDeliveries)
        .where(isDue(now))
        .orderBy(alertDeliveries.nextAttemptAt, alertDeliveries.id)
        .limit(limit);
      return due.map((row) => row.id);
    },

    /** Takes a due delivery until `until`; undefined when it is not due or another sender holds it. */
    async claim(id: number, now: Date, until: Date): Promise<AlertDelivery | undefined> {
      const [row] = await db.orm
        .update(alertDeliveries)
        .set({ claimedUntil: until })
        .where(and(eq(alertDeliveries.id, id), isDue(now)))
        .returning();
      return row;
    },

    /** Records an attempt's outcome and lets the claim go. */
    async record(id: number, outcome: AlertDeliveryOutcome): Promise<AlertDelivery | undefined> {
      const [row] = await db.orm
        .update(alertDeliveries)
        .set({ ...outcome, claimedUntil: null })
        .where(eq(alertDeliveries.id, id))
        .returning();
      return row;
    },
  };
}
