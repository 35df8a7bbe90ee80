import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../create-db';

export type VisitCountsRepository = ReturnType<typeof createVisitCountsRepository>;

/** Counts over the visits table: small reads for the public widget (the analytics engine has its own). */
export function createVisitCountsRepository(db: Db) {
  const { sessions } = db.schema;

  return {
    /**
     * Distinct visitors and pageviews of a company per period, the periods given by consecutive `bounds`
     * (n + 1 instants for n periods), counted over visits. Visitor ids change at the company's midnight, so
     * no visit spans two local days and days add up exactly.
     */
    async visitorsPerPeriod(
      companyId: number,
      bounds: Date[],
    ): Promise<{ visitors: number; pageviews: number }[]> {
      const periods = bounds.length - 1;
      const result = Array.from({ length: Math.max(periods, 0) }, () => ({ visitors: 0, pageviews: 0 }));
      if (periods < 1) return result;
      const at = (date: Date) => sql.param(date, sessions.startedAt);
      const branches = bounds
        .slice(1, -1)
        .map((bound, index) => sql`when ${sessions.startedAt} < ${at(bound)} then ${index}`);
      const period = sql<number>`case ${sql.join(branches, sql` `)} else ${periods - 1} end`;
      const counted = await db.orm
        .select({
          period,
          visitors: sql<number>`count(distinct ${sessions.visitorId})`,
          pageviews: sql<number>`coalesce(sum(${sessions.pageviews}), 0)`,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.companyId, companyId),
            gte(sessions.startedAt, bounds[0] as Date),
            lt(sessions.startedAt, bounds[periods] as Date),
          ),
        )
        .groupBy(sql`1`);
      for (const row of counted) {
        const slot = result[Number(row.period)];
        if (slot) Object.assign(slot, { visitors: Number(row.visitors), pageviews: Number(row.pageviews) });
      }
      return result;
    },

    /** Distinct visitors of a company active since `since` (the realtime count). */
    async activeVisitors(companyId: number, since: Date): Promise<number> {
      const [row] = await db.orm
        .select({ visitors: sql<number>`count(distinct ${sessions.visitorId})` })
        .from(sessions)
        .where(and(gt(sessions.lastActivityAt, since), eq(sessions.companyId, companyId)));
      return Number(row?.visitors ?? 0);
    },
  };
}
