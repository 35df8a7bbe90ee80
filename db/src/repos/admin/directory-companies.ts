import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Company, NewCompany } from '../../schema/types';
import { first, transaction } from '../../transaction';
import { required } from '../required';
import { containsPattern, likeLower, type PageWindow } from './directory-search';

/** A company's owner as admins see it. */
export interface AdminCompanyOwnerRow {
  id: number;
  name: string;
  email: string;
}

/** A company with what the admin area shows beside its settings. */
export interface AdminCompanyRow extends Company {
  /** The plan's slug. */
  plan: string;
  members: number;
  /** Null for a listing an admin added without an account behind it. */
  owner: AdminCompanyOwnerRow | null;
}

export interface AdminCompanyFilter {
  /** Searches the name, the website and the owner's e-mail address. */
  q?: string;
  listed?: boolean;
  suspended?: boolean;
}

/** The fields an admin may change on a company (plans change through `planChanges`). */
export type AdminCompanyChanges = Partial<
  Pick<NewCompany, 'name' | 'website' | 'description' | 'logoUrl' | 'category' | 'listed' | 'suspendedAt'>
>;

/** A company that an admin adds to the directory with no account behind it. */
export interface UnownedCompanyInput {
  name: string;
  website: string;
  description: string | null;
  logoUrl: string | null;
  category: string | null;
  listed: boolean;
  trackingKey: string;
}

/** Companies as the admin area lists, reads, edits and creates them. */
export function createAdminCompaniesRepository(db: Db) {
  const { companies, memberships, plans, users, monthlyUsage } = db.schema;
  const members =
    sql`(select count(*) from ${memberships} where ${memberships.companyId} = ${companies.id})`.mapWith(
      Number,
    );

  function filterWhere(filter: AdminCompanyFilter): SQL | undefined {
    const where: (SQL | undefined)[] = [];
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      // E-mail addresses are stored lower-cased (docs/api.md "Conventions"), so the owner's needs no lower().
      const ownerMatches = sql`exists (select 1 from ${memberships} inner join ${users} on ${users.id} = ${memberships.userId} where ${memberships.companyId} = ${companies.id} and ${memberships.role} = 'owner' and ${users.email} like ${pattern} escape '\\')`;
      where.push(or(likeLower(companies.name, pattern), likeLower(companies.website, pattern), ownerMatches));
    }
    if (filter.listed !== undefined) where.push(eq(companies.listed, filter.listed));
    if (filter.suspended !== undefined)
      where.push(filter.suspended ? isNotNull(companies.suspendedAt) : isNull(companies.suspendedAt));
    return and(...where);
  }

  const selectCompanies = () =>
    db.orm
      .select({ ...getTableColumns(companies), plan: plans.slug, members })
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId));

  /** The first owner of each company, by membership age (a company has one owner unless edited by hand). */
  async function withOwners(rows: Omit<AdminCompanyRow, 'owner'>[]): Promise<AdminCompanyRow[]> {
    if (rows.length === 0) return [];
    const owners = await db.orm
      .select({ companyId: memberships.companyId, id: users.id, name: users.name, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          inArray(
            memberships.companyId,
            rows.map((row) => row.id),
          ),
          eq(memberships.role, 'owner'),
        ),
      )
      .orderBy(memberships.createdAt, users.id);
    const ownerOf = new Map<number, AdminCompanyOwnerRow>();
    for (const { companyId, ...owner } of owners) if (!ownerOf.has(companyId)) ownerOf.set(companyId, owner);
    return rows.map((row) => ({ ...row, owner: ownerOf.get(row.id) ?? null }));
  }

  return {
    /** A page of companies matching the filter, newest first, and how many match in all. */
    async listCompanies(
      filter: AdminCompanyFilter,
      page: PageWindow,
    ): Promise<{ rows: AdminCompanyRow[]; total: number }> {
      const where = filterWhere(filter);
      const found = await selectCompanies()
        .where(where)
        .orderBy(desc(companies.createdAt), desc(companies.id))
        .limit(page.limit)
        .offset(page.offset);
      const [counted] = await db.orm.select({ total: count() }).from(companies).where(where);
      return { rows: await withOwners(found), total: counted?.total ?? 0 };
    },

    async findCompany(id: number): Promise<AdminCompanyRow | undefined> {
      const found = await selectCompanies().where(eq(companies.id, id));
      const [row] = await withOwners(found);
      return row;
    },

    /** Applies the changes; answers whether the company exists. */
    async updateCompany(id: number, changes: AdminCompanyChanges, now: Date): Promise<boolean> {
      const updated = await db.orm
        .update(companies)
        .set({ ...changes, updatedAt: now })
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      return updated.length > 0;
    },

    /** Creates a company with no membership on the default plan, in UTC; answers its id. */
    createUnownedCompany(input: UnownedCompanyInput, now: Date): Promise<number> {
      return transaction(db, function* (tx) {
        const plan = yield* first(tx.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true)));
        if (!plan) throw new Error('No default plan: run migrate() first.');
        const created = yield* first(
          tx
            .insert(companies)
            .values({ ...input, timezone: 'UTC', planId: plan.id, createdAt: now, updatedAt: now })
            .returning({ id: companies.id }),
        );
        return required(created, 'the new company').id;
      });
    },

    /** Counted events of companies in given local months (`YYYY-MM`), by company id. */
    async monthlyEvents(months: { companyId: number; month: string }[]): Promise<Map<number, number>> {
      const result = new Map<number, number>();
      if (months.length === 0) return result;
      const rows = await db.orm
        .select()
        .from(monthlyUsage)
        .where(
          and(
            inArray(
              monthlyUsage.companyId,
              months.map((entry) => entry.companyId),
            ),
            inArray(monthlyUsage.month, [...new Set(months.map((entry) => entry.month))]),
          ),
        );
      const wanted = new Set(months.map((entry) => `${entry.companyId} ${entry.month}`));
      for (const row of rows)
        if (wanted.has(`${row.companyId} ${row.month}`)) result.set(row.companyId, row.events);
      return result;
    },
  };
}
