import { and, count, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Company, MembershipRole, NewCompany } from '../../schema/types';
import { first, run, transaction } from '../../transaction';
import { required } from '../required';

/** What a new site starts with; the rest of its settings take their defaults. */
export interface NewSite {
  name: string;
  website: string | null;
  timezone: string;
  trackingKey: string;
}

/** A company as one of its members sees it. */
export interface CompanyForUser extends Company {
  /** The plan's slug. */
  plan: string;
  /** How many days the plan keeps events; the site's own `retentionDays` may only shorten it. */
  planRetentionDays: number;
  role: MembershipRole;
}

/**
 * How many days a company's events are kept: its own setting when that is shorter than its plan's, else the
 * plan's. Taking the smaller means a move to a plan that keeps less never leaves data kept longer.
 */
export function effectiveRetentionDays(setting: number | null, planDays: number): number {
  return setting === null ? planDays : Math.min(setting, planDays);
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;

export function createCompaniesRepository(db: Db) {
  const { companies, memberships, plans } = db.schema;

  // Companies joined with the caller's membership, so that a company the user does not belong to is
  // simply absent: authorization and lookup are one query.
  function selectForUser(userId: number, companyId?: number) {
    return db.orm
      .select({
        ...getTableColumns(companies),
        plan: plans.slug,
        planRetentionDays: plans.retentionDays,
        role: memberships.role,
      })
      .from(companies)
      .innerJoin(memberships, and(eq(memberships.companyId, companies.id), eq(memberships.userId, userId)))
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(companyId === undefined ? undefined : eq(companies.id, companyId))
      .orderBy(companies.id);
  }

  return {
    async listForUser(userId: number): Promise<CompanyForUser[]> {
      return selectForUser(userId);
    },

    async findForUser(companyId: number, userId: number): Promise<CompanyForUser | undefined> {
      const [company] = await selectForUser(userId, companyId);
      return company;
    },

    /**
     * Creates a company on the default plan owned by `ownerId`, unless they already own `maxOwned`
     * (answers undefined). On PostgreSQL two creations racing may pass the cap by one, which is harmless.
     */
    createOwned(ownerId: number, site: NewSite, maxOwned: number): Promise<CompanyForUser | undefined> {
      return transaction(db, function* (tx) {
        const owned = yield* first(
          tx
            .select({ total: count() })
            .from(memberships)
            .where(and(eq(memberships.userId, ownerId), eq(memberships.role, 'owner'))),
        );
        if ((owned?.total ?? 0) >= maxOwned) return undefined;
        const plan = yield* first(
          tx
            .select({ id: plans.id, slug: plans.slug, retentionDays: plans.retentionDays })
            .from(plans)
            .where(eq(plans.isDefault, true)),
        );
        if (!plan) throw new Error('No default plan: run migrate() first.');
        const company = required(
          yield* first(
            tx
              .insert(companies)
              .values({ ...site, planId: plan.id })
              .returning(),
          ),
          'the new company',
        );
        yield* run(tx.insert(memberships).values({ companyId: company.id, userId: ownerId, role: 'owner' }));
        return { ...company, plan: plan.slug, planRetentionDays: plan.retentionDays, role: 'owner' as const };
      });
    },

    /**
     * Deletes a company and, through the schema's cascading foreign keys, every row of it (events, visits,
     * segments, rollups, salts, usage, keys, memberships, invitations, checkouts…): one statement, so one
     * transaction on either dialect. Answers whether it existed.
     */
    async delete(id: number): Promise<boolean> {
      const gone = await db.orm.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
      return gone.length > 0;
    },

    async findById(id: number): Promise<Company | undefined> {
      const [company] = await db.orm.select().from(companies).where(eq(companies.id, id));
      return company;
    },

    /** Changes a company's settings; answers the updated row, or undefined when it does not exist. */
    async update(
      id: number,
      changes: Partial<Omit<NewCompany, 'id' | 'trackingKey' | 'createdAt'>>,
    ): Promise<Company | undefined> {
      const [company] = await db.orm
        .update(companies)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      return company;
    },

    async findByTrackingKey(trackingKey: string): Promise<Company | undefined> {
      const [company] = await db.orm.select().from(companies).where(eq(companies.trackingKey, trackingKey));
      return company;
    },
  };
}
