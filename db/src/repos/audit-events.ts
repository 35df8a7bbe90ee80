import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../create-db';
import type { AuditEventRow, NewAuditEventRow } from '../schema/types';
import { required } from './required';

/** A place in the log's order (newest first): an entry's time, then its id. */
export interface AuditPosition {
  createdAt: Date;
  id: number;
}

/** What to read: every condition given must hold. */
export interface AuditEventFilter {
  /** A company's entries; `null` for the entries of no company (accounts'); absent for all. */
  companyId?: number | null;
  /** Any of these actions. */
  actions?: readonly string[];
  /** A user's own entries. */
  actorUserId?: number;
  /** From this instant (included) to that one (excluded). */
  since?: Date;
  until?: Date;
  /** Only the entries after this one in the log's order (older). */
  after?: AuditPosition;
}

const MAX_ID = 2 ** 31 - 1;

export type AuditEventsRepository = ReturnType<typeof createAuditEventsRepository>;

/**
 * The audit log (docs/api.md "Audit log"): written once per change, read newest first through the
 * (company, time) index or the time index, pruned by age in batches.
 */
export function createAuditEventsRepository(db: Db) {
  const { auditEvents } = db.schema;

  function conditions(filter: AuditEventFilter): SQL | undefined {
    const { companyId, actions, actorUserId, since, until, after } = filter;
    return and(
      companyId === null ? isNull(auditEvents.companyId) : undefined,
      companyId != null ? eq(auditEvents.companyId, companyId) : undefined,
      actions ? inArray(auditEvents.action, [...actions]) : undefined,
      actorUserId !== undefined
        ? and(eq(auditEvents.actorKind, 'user'), eq(auditEvents.actorId, actorUserId))
        : undefined,
      since ? gte(auditEvents.createdAt, since) : undefined,
      until ? lt(auditEvents.createdAt, until) : undefined,
      after
        ? or(
            lt(auditEvents.createdAt, after.createdAt),
            and(eq(auditEvents.createdAt, after.createdAt), lt(auditEvents.id, Math.min(after.id, MAX_ID))),
          )
        : undefined,
    );
  }

  return {
    async insert(entry: NewAuditEventRow): Promise<AuditEventRow> {
      const [created] = await db.orm.insert(auditEvents).values(entry).returning();
      return required(created, 'the new audit event');
    },

    /** At most `limit` entries matching the filter, newest first. */
    list(filter: AuditEventFilter, limit: number): Promise<AuditEventRow[]> {
      return db.orm
        .select()
        .from(auditEvents)
        .where(conditions(filter))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit);
    },

    /**
     * Deletes up to `batch` entries written before `before`, oldest first; answers how many. Callers loop
     * until it answers less than `batch`, so a year's backlog never becomes one long statement.
     */
    async pruneBatch(before: Date, batch: number): Promise<number> {
      const oldest = db.orm
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(lt(auditEvents.createdAt, before))
        .orderBy(auditEvents.createdAt)
        .limit(batch);
      const deleted = await db.orm
        .delete(auditEvents)
        .where(inArray(auditEvents.id, oldest))
        .returning({ id: auditEvents.id });
      return deleted.length;
    },
  };
}
