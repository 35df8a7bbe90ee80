import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Subscriber } from '../../schema/types';
import { normalizeEmail } from '../required';
import { anyContains, offsetOf, type Page, type PageRequest } from './paging';

export type SubscribersRepository = ReturnType<typeof createSubscribersRepository>;

/** The footer's newsletter addresses, each stored once, lower-cased. */
export function createSubscribersRepository(db: Db) {
  const { subscribers } = db.schema;

  return {
    /** Stores the address unless it is already there; true when it was new. */
    async subscribe(email: string, now: Date): Promise<boolean> {
      const inserted = await db.orm
        .insert(subscribers)
        .values({ email: normalizeEmail(email), createdAt: now })
        .onConflictDoNothing({ target: subscribers.email })
        .returning({ id: subscribers.id });
      return inserted.length > 0;
    },

    /** Newest first, optionally only addresses containing `q`. */
    async list(request: PageRequest & { q?: string }): Promise<Page<Subscriber>> {
      const where = request.q ? anyContains([subscribers.email], request.q) : undefined;
      const [rows, [counted]] = await Promise.all([
        db.orm
          .select()
          .from(subscribers)
          .where(where)
          .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
          .limit(request.perPage)
          .offset(offsetOf(request)),
        db.orm.select({ total: count() }).from(subscribers).where(where),
      ]);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** Every address, oldest first (the export). */
    async all(): Promise<Subscriber[]> {
      return db.orm.select().from(subscribers).orderBy(asc(subscribers.createdAt), asc(subscribers.id));
    },

    async findByEmail(email: string): Promise<Subscriber | undefined> {
      const [row] = await db.orm
        .select()
        .from(subscribers)
        .where(eq(subscribers.email, normalizeEmail(email)));
      return row;
    },

    /** False when there is no such subscriber. */
    async delete(id: number): Promise<boolean> {
      const deleted = await db.orm
        .delete(subscribers)
        .where(eq(subscribers.id, id))
        .returning({ id: subscribers.id });
      return deleted.length > 0;
    },
  };
}
