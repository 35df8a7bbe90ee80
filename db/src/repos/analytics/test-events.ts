import { and, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { RecentEventRow } from './recent-events';

/** An event from the dashboard's test page, with its visit as the feed shows it. */
export type TestEventWrite = Omit<RecentEventRow, 'sessionId'> & { companyId: number; visitId: number };

/** A stored test event: the feed's row, its visit id in `sessionId`, and its own id, which orders the feed. */
export type TestEventRow = RecentEventRow & { testId: number };

/** A place in the test events' order: their time, then their id. */
export interface TestEventPosition {
  ts: number;
  testId: number;
}

const MAX_ID = 2 ** 31 - 1;

export type TestEventsRepository = ReturnType<typeof createTestEventsRepository>;

/**
 * Test traffic (the dashboard's test page): stored apart from the real events, so no figure ever counts
 * it; read only by the test page's feed, newest first through the (company, ts) index; pruned after a day.
 */
export function createTestEventsRepository(db: Db) {
  const { testEvents } = db.schema;

  function after(position: TestEventPosition): SQL | undefined {
    const ts = new Date(position.ts);
    // Ids are 32-bit integers (PostgreSQL refuses a larger number to compare with one): any id beyond the
    // largest is after every row, as the largest is.
    const id = Math.min(position.testId, MAX_ID);
    return or(gt(testEvents.ts, ts), and(eq(testEvents.ts, ts), gt(testEvents.id, id)));
  }

  return {
    async insert(rows: readonly TestEventWrite[]): Promise<void> {
      if (rows.length === 0) return;
      await db.orm.insert(testEvents).values(
        rows.map(({ ts, visit: { startedAt, ...visit }, ...event }) => ({
          ...event,
          ...visit,
          ts: new Date(ts),
          visitStartedAt: new Date(startedAt),
        })),
      );
    },

    /** A company's newest test events, newest first, at most `limit`, only those after `since` when given. */
    async latest(companyId: number, limit: number, since?: TestEventPosition): Promise<TestEventRow[]> {
      const rows = await db.orm
        .select()
        .from(testEvents)
        .where(and(eq(testEvents.companyId, companyId), since && after(since)))
        .orderBy(desc(testEvents.ts), desc(testEvents.id))
        .limit(limit);
      return rows.map((row) => ({
        testId: row.id,
        ts: row.ts.getTime(),
        sessionId: Number(row.visitId),
        kind: row.kind,
        name: row.name,
        hostname: row.hostname,
        pathname: row.pathname,
        props: row.props ?? null,
        engagedMs: row.engagedMs,
        scrollDepth: row.scrollDepth,
        visit: {
          startedAt: row.visitStartedAt.getTime(),
          entryPage: row.entryPage,
          source: row.source,
          referrer: row.referrer,
          utmSource: row.utmSource,
          utmMedium: row.utmMedium,
          utmCampaign: row.utmCampaign,
          utmContent: row.utmContent,
          utmTerm: row.utmTerm,
          country: row.country,
          browser: row.browser,
          os: row.os,
          device: row.device,
          language: row.language,
        },
      }));
    },

    /** Deletes the test events stored before `before`; answers how many. */
    async prune(before: Date): Promise<number> {
      const deleted = await db.orm
        .delete(testEvents)
        .where(lt(testEvents.ts, before))
        .returning({ id: testEvents.id });
      return deleted.length;
    },
  };
}
