import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../create-db';
import type { Company, MembershipRole, NewCompany } from '../schema/types';

/** A company as one of its members sees it. */
export interface CompanyForUser extends Company {
  /** The plan's slug. */
  plan: string;
  role: MembershipRole;
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;

export function createCompaniesRepository(db: Db) {
  const { companies, memberships, plans } = db.schema;

  // Companies joined with the caller's membership, so that a company the user does not belong to is
  // simply absent: authorization and lookup are one query.
  function selectForUser(userId: number, companyId?: number) {
    return db.orm
      .select({ ...getTableColumns(companies), plan: plans.slug, role: memberships.role })
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
