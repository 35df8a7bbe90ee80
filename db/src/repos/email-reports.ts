import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../create-db';
import type { EmailReportDelivery, EmailReportKind } from '../schema/types';

/** Which reports a member gets for a site. */
export interface EmailReportSwitches {
  weekly: boolean;
  monthly: boolean;
}

/** One report: a member, a site, a kind and the first day (`YYYY-MM-DD`, the site's zone) of its period. */
export interface EmailReportKey {
  userId: number;
  companyId: number;
  kind: EmailReportKind;
  periodStart: string;
}

/** A subscription whose member and site may be sent reports, with what a report needs of both. */
export interface DueReportSubscriber {
  userId: number;
  companyId: number;
  email: string;
  name: string;
  companyName: string;
  website: string | null;
  timezone: string;
  weeklySince: Date | null;
  monthlySince: Date | null;
}

export type EmailReportsRepository = ReturnType<typeof createEmailReportsRepository>;

/**
 * Members' report subscriptions and the claims of the reports sent (docs/api.md "E-mail reports"). Every
 * claim is one atomic statement (an insert that a unique key refuses, or an update whose condition both
 * dialects check on the locked row), so two servers never claim the same report.
 */
export function createEmailReportsRepository(db: Db) {
  const { emailReportSubscriptions: subscriptions, emailReportDeliveries: deliveries } = db.schema;
  const { users, companies } = db.schema;
  const ofMember = (companyId: number, userId: number) =>
    and(eq(subscriptions.companyId, companyId), eq(subscriptions.userId, userId));
  const ofReport = (key: EmailReportKey) =>
    and(
      eq(deliveries.userId, key.userId),
      eq(deliveries.companyId, key.companyId),
      eq(deliveries.kind, key.kind),
      eq(deliveries.periodStart, key.periodStart),
    );
  const sinceColumn = (kind: EmailReportKind) =>
    kind === 'weekly' ? subscriptions.weeklySince : subscriptions.monthlySince;

  return {
    /** What the member gets for the site; both off when they never chose. */
    async switches(companyId: number, userId: number): Promise<EmailReportSwitches> {
      const [row] = await db.orm.select().from(subscriptions).where(ofMember(companyId, userId));
      return { weekly: row?.weeklySince != null, monthly: row?.monthlySince != null };
    },

    /**
     * Sets what the member gets. A kind turned on keeps the moment it was first turned on (saving the same
     * choice again starts nothing anew); a kind turned off forgets it. The member must belong to the site.
     */
    async choose(
      companyId: number,
      userId: number,
      switches: EmailReportSwitches,
      now: Date,
    ): Promise<EmailReportSwitches> {
      const keepOrStart = (column: 'weekly_since' | 'monthly_since') =>
        sql.raw(
          `case when excluded.${column} is null then null else coalesce("email_report_subscriptions"."${column}", excluded.${column}) end`,
        );
      await db.orm
        .insert(subscriptions)
        .values({
          companyId,
          userId,
          weeklySince: switches.weekly ? now : null,
          monthlySince: switches.monthly ? now : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [subscriptions.companyId, subscriptions.userId],
          set: {
            weeklySince: keepOrStart('weekly_since'),
            monthlySince: keepOrStart('monthly_since'),
            updatedAt: now,
          },
        });
      return { ...switches };
    },

    /** Turns one kind off; answers whether it was on. */
    async unsubscribe(companyId: number, userId: number, kind: EmailReportKind, now: Date): Promise<boolean> {
      const since = sinceColumn(kind);
      const changed = await db.orm
        .update(subscriptions)
        .set(
          kind === 'weekly' ? { weeklySince: null, updatedAt: now } : { monthlySince: null, updatedAt: now },
        )
        .where(and(ofMember(companyId, userId), isNotNull(since)))
        .returning({ userId: subscriptions.userId });
      return changed.length > 0;
    },

    /**
     * Every subscription with a kind on whose member may get mail (a verified address, an account not
     * suspended) and whose site is not suspended.
     */
    subscribers(): Promise<DueReportSubscriber[]> {
      return db.orm
        .select({
          userId: subscriptions.userId,
          companyId: subscriptions.companyId,
          email: users.email,
          name: users.name,
          companyName: companies.name,
          website: companies.website,
          timezone: companies.timezone,
          weeklySince: subscriptions.weeklySince,
          monthlySince: subscriptions.monthlySince,
        })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.userId))
        .innerJoin(companies, eq(companies.id, subscriptions.companyId))
        .where(
          and(
            isNotNull(users.emailVerifiedAt),
            isNull(users.suspendedAt),
            isNull(companies.suspendedAt),
            or(isNotNull(subscriptions.weeklySince), isNotNull(subscriptions.monthlySince)),
          ),
        );
    },

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
