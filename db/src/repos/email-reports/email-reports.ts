import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { EmailReportKind } from '../../schema/types';
import { createEmailReportClaims } from './email-report-claims';

export type { EmailReportKey } from './email-report-claims';

/** Which reports a member gets for a site. */
export interface EmailReportSwitches {
  weekly: boolean;
  monthly: boolean;
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
 * Members' report subscriptions (docs/api.md "E-mail reports"), and the claims of the reports sent
 * (`email-report-claims.ts`).
 */
export function createEmailReportsRepository(db: Db) {
  return { ...createSubscriptions(db), ...createEmailReportClaims(db) };
}

function createSubscriptions(db: Db) {
  const { emailReportSubscriptions: subscriptions } = db.schema;
  const { users, companies } = db.schema;
  const ofMember = (companyId: number, userId: number) =>
    and(eq(subscriptions.companyId, companyId), eq(subscriptions.userId, userId));
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
  };
}
