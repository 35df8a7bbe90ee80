import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../create-db';

export type SchedulerLeasesRepository = ReturnType<typeof createSchedulerLeasesRepository>;

/**
 * Named leases in the database, so that one holder among the servers sharing it does a piece of work. A lease
 * is taken in one atomic statement (an insert, or an update of a lease that expired or that the holder
 * already holds), which both dialects serialise on the row.
 */
export function createSchedulerLeasesRepository(db: Db) {
  const { schedulerLeases } = db.schema;

  return {
    /** Takes `name` for `holder` until `until` when it is free (never taken, or expired by `now`). */
    async acquire(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
      const taken = await db.orm
        .insert(schedulerLeases)
        .values({ name, holder, expiresAt: until })
        .onConflictDoUpdate({
          target: schedulerLeases.name,
          set: { holder, expiresAt: until },
          setWhere: lte(schedulerLeases.expiresAt, now),
        })
        .returning({ name: schedulerLeases.name });
      return taken.length === 1;
    },

    /** Moves the end of a lease `holder` holds (to hand it on early, or to keep it through a long run). */
    async extend(name: string, holder: string, until: Date): Promise<boolean> {
      const moved = await db.orm
        .update(schedulerLeases)
        .set({ expiresAt: until })
        .where(and(eq(schedulerLeases.name, name), eq(schedulerLeases.holder, holder)))
        .returning({ name: schedulerLeases.name });
      return moved.length === 1;
    },

    /** When the lease ends, or undefined when it was never taken. */
    async expiresAt(name: string): Promise<Date | undefined> {
      const [row] = await db.orm
        .select({ expiresAt: schedulerLeases.expiresAt })
        .from(schedulerLeases)
        .where(eq(schedulerLeases.name, name));
      return row?.expiresAt;
    },
  };
}
