import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Company } from '../../schema/types';
import { anyContains, offsetOf, type Page, type PageRequest } from './paging';

export type ListingsRepository = ReturnType<typeof createListingsRepository>;

/** The public directory: companies whose owner listed them and that no admin suspended. */
export function createListingsRepository(db: Db) {
  const { companies } = db.schema;
  const isPublic = and(eq(companies.listed, true), isNull(companies.suspendedAt));

  return {
    /** By name (case-insensitively), then id; `q` matches the name, description, website or category. */
    async search(request: PageRequest & { q?: string }): Promise<Page<Company>> {
      const where: SQL | undefined = request.q
        ? and(
            isPublic,
            anyContains(
              [companies.name, companies.description, companies.website, companies.category],
              request.q,
            ),
          )
        : isPublic;
      const [rows, [counted]] = await Promise.all([
        db.orm
          .select()
          .from(companies)
          .where(where)
          .orderBy(sql`lower(${companies.name})`, asc(companies.id))
          .limit(request.perPage)
          .offset(offsetOf(request)),
        db.orm.select({ total: count() }).from(companies).where(where),
      ]);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** The company when it is in the directory. */
    async find(id: number): Promise<Company | undefined> {
      const [row] = await db.orm
        .select()
        .from(companies)
        .where(and(isPublic, eq(companies.id, id)));
      return row;
    },
  };
}
