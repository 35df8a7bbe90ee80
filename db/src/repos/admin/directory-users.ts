import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { MembershipRole, User } from '../../schema/types';
import { containsPattern, likeLower, type PageWindow } from './directory-search';

export interface AdminUserFilter {
  /** Searches the name and the e-mail address. */
  q?: string;
  suspended?: boolean;
}

/** A company a user belongs to, with the user's role in it. */
export interface AdminUserCompanyRow {
  id: number;
  name: string;
  role: MembershipRole;
}

/** User accounts as the admin area lists, reads and suspends them. */
export function createAdminUsersRepository(db: Db) {
  const { users, memberships, companies } = db.schema;

  function filterWhere(filter: AdminUserFilter): SQL | undefined {
    const where: (SQL | undefined)[] = [];
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      where.push(or(likeLower(users.name, pattern), likeLower(users.email, pattern)));
    }
    if (filter.suspended !== undefined)
      where.push(filter.suspended ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt));
    return and(...where);
  }

  return {
    /** A page of users matching the filter, newest first, and how many match in all. */
    async listUsers(filter: AdminUserFilter, page: PageWindow): Promise<{ rows: User[]; total: number }> {
      const where = filterWhere(filter);
      const rows = await db.orm
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      const [counted] = await db.orm.select({ total: count() }).from(users).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Sets or lifts a user's suspension; answers the user, or undefined when there is none. */
    async setUserSuspended(id: number, suspendedAt: Date | null, now: Date): Promise<User | undefined> {
      const [user] = await db.orm
        .update(users)
        .set({ suspendedAt, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return user;
    },

    /** The companies of each user, by user id, in company order. */
    async companiesOfUsers(userIds: number[]): Promise<Map<number, AdminUserCompanyRow[]>> {
      const result = new Map<number, AdminUserCompanyRow[]>(userIds.map((id) => [id, []]));
      if (userIds.length === 0) return result;
      const rows = await db.orm
        .select({
          userId: memberships.userId,
          id: companies.id,
          name: companies.name,
          role: memberships.role,
        })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(inArray(memberships.userId, userIds))
        .orderBy(asc(companies.id));
      for (const { userId, ...company } of rows) result.get(userId)?.push(company);
      return result;
    },
  };
}
