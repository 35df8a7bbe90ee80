import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { EmailReportDelivery, EmailReportKind } from '../../schema/types';

/** One report: a member, a site, a kind and the first day (`YYYY-MM-DD`, the site's zone) of its period. */
export interface EmailReportKey {
  userId: number;
  companyId: number;
  kind: EmailReportKind;
  periodStart: string;
}

/**
 * The claims of e-mail reports, one row per report. Every claim is one atomic statement (an insert that a
 * unique key refuses, or an update whose condition both dialects check on the locked row), so two servers
 * never claim the same report.
 */
export function createEmailReportClaims(db: Db) {
  const { emailReportDeliveries: deliveries } = db.schema;
  const ofReport = (key: EmailReportKey) =>
    and(
      eq(deliveries.userId, key.userId),
      eq(deliveries.companyId, key.companyId),
      eq(deliveries.kind, key.kind),
      eq(deliveries.periodStart, key.periodStart),
    );

  return {
    /** The claims of reports whose periods start on one of `periodStarts`. */
    deliveriesStarting(periodStarts: string[]): Promise<EmailReportDelivery[]> {
      if (periodStarts.length === 0) return Promise.resolve([]);
      return db.orm.select().from(deliveries).where(inArray(deliveries.periodStart, periodStarts));
    },

    async find(key: EmailReportKey): Promise<EmailReportDelivery | undefined> {
      const [row] = await db.orm.select().from(deliveries).where(ofReport(key));
      return row;
    },

    /**
     * Claims a report for sending until `claimedUntil`: a first claim inserts its row, a later one takes a
     * row that waits for a retry that is due, or whose claim expired (its sender crashed), while fewer than
     * `maxAttempts` claims were made. Answers the claimed row, or undefined when another has it, it was
     * sent, or it was given up.
     */
    async claim(
      key: EmailReportKey,
      now: Date,
      claimedUntil: Date,
      maxAttempts: number,
    ): Promise<EmailReportDelivery | undefined> {
      const [inserted] = await db.orm
        .insert(deliveries)
        .values({ ...key, status: 'sending', attempts: 1, claimedUntil, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      const [reclaimed] = await db.orm
        .update(deliveries)
        .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1`, claimedUntil })
        .where(
          and(
            ofReport(key),
            lt(deliveries.attempts, maxAttempts),
            or(
              and(eq(deliveries.status, 'retry'), lte(deliveries.nextAttemptAt, now)),
              and(eq(deliveries.status, 'sending'), lte(deliveries.claimedUntil, now)),
            ),
          ),
        )
        .returning();
      return reclaimed;
    },

    async markSent(id: number, now: Date): Promise<void> {
      await db.orm
        .update(deliveries)
        .set({ status: 'sent', sentAt: now, claimedUntil: null, nextAttemptAt: null })
        .where(eq(deliveries.id, id));
    },

    /** Records a failed attempt: retried from `retryAt`, or given up when that is null. */
    async markFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
      await db.orm
        .update(deliveries)
        .set({
          status: retryAt ? 'retry' : 'failed',
          lastError: error.slice(0, 1000),
          nextAttemptAt: retryAt,
          claimedUntil: null,
        })
        .where(eq(deliveries.id, id));
    },

    /** Gives up the claims that expired after their last allowed attempt (their sender crashed each time). */
    async abandonExpiredClaims(now: Date, maxAttempts: number): Promise<number> {
      const given = await db.orm
        .update(deliveries)
        .set({ status: 'failed', lastError: 'The sender stopped before it finished.', claimedUntil: null })
        .where(
          and(
            eq(deliveries.status, 'sending'),
            lte(deliveries.claimedUntil, now),
            sql`${deliveries.attempts} >= ${maxAttempts}`,
          ),
        )
        .returning({ id: deliveries.id });
      return given.length;
    },

    /** Deletes the claims of periods that began before `periodStart`: no report of theirs is due again. */
    async pruneBefore(periodStart: string): Promise<number> {
      const gone = await db.orm
        .delete(deliveries)
        .where(lt(deliveries.periodStart, periodStart))
        .returning({ id: deliveries.id });
      return gone.length;
    },
  };
}
