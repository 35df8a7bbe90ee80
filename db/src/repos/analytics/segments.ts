import { and, eq, gt, gte, inArray, lt, lte, min, sql } from 'drizzle-orm';
import type { Db, Orm } from '../../create-db';
import { rows, transaction } from '../../transaction';
import { createRevisionCache, newRevision, type RevisionCache } from '../revision-cache';

/** A packed day as stored: the instants it spans (epoch ms), its counts, and the packed columns. */
export interface StoredSegment {
  startsAt: number;
  endsAt: number;
  visits: number;
  events: number;
  data: Buffer;
}

/** What a pack replaces: the visits that started in [from, to), and their events. */
export interface PackedRange {
  from: number;
  to: number;
  /** The events of those visits are looked for in [from, eventsBefore). */
  eventsBefore: number;
  /** How many raw visits and events the segment holds from the rows: the pack deletes exactly these. */
  visits: number;
  events: number;
}

/** A pack found other raw rows than it read (an import wrote meanwhile): nothing was changed. */
export class PackRaceError extends Error {}

const DAY_MS = 86_400_000;

export type SegmentsRepository = ReturnType<typeof createSegmentsRepository>;

/**
 * The packed days of the analytics (`day_segments`). `reads` serves `read`, `startingIn` and `firstStart`
 * (the read replica in the set that `read-routing.ts` builds); packing and rewriting stay on the primary.
 */
export function createSegmentsRepository(
  db: Db,
  cache: RevisionCache = createRevisionCache(),
  reads: Orm = db.orm,
) {
  const { daySegments, sessions, events } = db.schema;

  return {
    /**
     * The segments of a company that overlap [from, to), in order. Each call lists the rows' revisions;
     * only the data not held in memory at that revision is read.
     */
    async read(companyId: number, from: number, to: number): Promise<StoredSegment[]> {
      const overlapping = and(
        eq(daySegments.companyId, companyId),
        // A segment spans about a day: the bound keeps the read on a short stretch of the key.
        gt(daySegments.startsAt, new Date(from - 2 * DAY_MS)),
        lt(daySegments.startsAt, new Date(to)),
        gt(daySegments.endsAt, new Date(from)),
      );
      const listed = await reads
        .select({ startsAt: daySegments.startsAt, revision: daySegments.revision })
        .from(daySegments)
        .where(overlapping)
        .orderBy(daySegments.startsAt);
      const keyOf = (startsAt: Date) => `segment:${companyId}:${startsAt.getTime()}`;
      return cache.read(
        listed.map((row) => ({ ...row, key: keyOf(row.startsAt) })),
        async (missing) => {
          const startsAt = missing.map((row) => row.startsAt);
          const found = await reads
            .select()
            .from(daySegments)
            .where(and(eq(daySegments.companyId, companyId), inArray(daySegments.startsAt, startsAt)));
          return found.map(({ revision, ...row }) => ({
            key: keyOf(row.startsAt),
            revision,
            value: { ...row, startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() },
            bytes: row.data.length,
          }));
        },
      );
    },

    /**
     * The segments of a company that start in [from, to), in order, read past the cache: an export reads
     * every segment once, which would only push out of memory what the dashboards read again and again.
     */
    async startingIn(companyId: number, from: number, to: number): Promise<StoredSegment[]> {
      const found = await reads
        .select()
        .from(daySegments)
        .where(
          and(
            eq(daySegments.companyId, companyId),
            gte(daySegments.startsAt, new Date(from)),
            lt(daySegments.startsAt, new Date(to)),
          ),
        )
        .orderBy(daySegments.startsAt);
      return found.map(({ revision: _revision, companyId: _company, ...row }) => ({
        ...row,
        startsAt: row.startsAt.getTime(),
        endsAt: row.endsAt.getTime(),
      }));
    },

    /**
     * Stores a segment and deletes the raw rows it was built from, in one transaction: the visits that
     * started in [from, to) and their events. When the rows deleted are not exactly those counted in
     * `range` (rows were written since they were read), everything is rolled back and `PackRaceError`
     * thrown, so that no row is lost or counted twice.
     */
    async pack(companyId: number, segment: StoredSegment, range: PackedRange): Promise<void> {
      const visitsOfRange = db.orm
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.companyId, companyId),
            gte(sessions.startedAt, new Date(range.from)),
            lt(sessions.startedAt, new Date(range.to)),
          ),
        );
      await transaction(db, function* (tx) {
        yield* rows(
          tx
            .insert(daySegments)
            .values({
              companyId,
              startsAt: new Date(segment.startsAt),
              endsAt: new Date(segment.endsAt),
              visits: segment.visits,
              events: segment.events,
              data: segment.data,
              revision: newRevision(),
            })
            .onConflictDoUpdate({
              target: [daySegments.companyId, daySegments.startsAt],
              set: {
                endsAt: sql.raw('excluded."ends_at"'),
                visits: sql.raw('excluded."visits"'),
                events: sql.raw('excluded."events"'),
                data: sql.raw('excluded."data"'),
                revision: sql.raw('excluded."revision"'),
              },
            })
            .returning({ companyId: daySegments.companyId }),
        );
        const goneEvents = yield* rows(
          tx
            .delete(events)
            .where(
              and(
                eq(events.companyId, companyId),
                gte(events.ts, new Date(range.from)),
                lt(events.ts, new Date(range.eventsBefore)),
                inArray(events.sessionId, visitsOfRange),
              ),
            )
            .returning({ kind: events.kind }),
        );
        const goneVisits = yield* rows(
          tx
            .delete(sessions)
            .where(
              and(
                eq(sessions.companyId, companyId),
                gte(sessions.startedAt, new Date(range.from)),
                lt(sessions.startedAt, new Date(range.to)),
              ),
            )
            .returning({ id: sessions.id }),
        );
        if (goneEvents.length !== range.events || goneVisits.length !== range.visits) {
          throw new PackRaceError(
            `packing found ${goneVisits.length} visits and ${goneEvents.length} events, read ${range.visits} and ${range.events}`,
          );
        }
      });
    },

    /**
     * Replaces the segment of a company that starts at `startsAt` (a deletion of some of its days), or
     * deletes it when nothing is left of it. The row gets a new revision, so no server answers from its copy.
     */
    async rewrite(companyId: number, startsAt: number, segment: StoredSegment | undefined): Promise<void> {
      const key = and(eq(daySegments.companyId, companyId), eq(daySegments.startsAt, new Date(startsAt)));
      if (segment === undefined) {
        await db.orm.delete(daySegments).where(key);
        return;
      }
      await db.orm
        .update(daySegments)
        .set({
          endsAt: new Date(segment.endsAt),
          visits: segment.visits,
          events: segment.events,
          data: segment.data,
          revision: newRevision(),
        })
        .where(key);
    },

    /** Deletes a company's segments that end at or before `before` (retention): the visits and events gone. */
    async deleteBefore(companyId: number, before: number): Promise<{ visits: number; events: number }> {
      const gone = await db.orm
        .delete(daySegments)
        .where(and(eq(daySegments.companyId, companyId), lte(daySegments.endsAt, new Date(before))))
        .returning({ visits: daySegments.visits, events: daySegments.events });
      return {
        visits: gone.reduce((sum, row) => sum + row.visits, 0),
        events: gone.reduce((sum, row) => sum + row.events, 0),
      };
    },

    /** When the company's first packed day (starting at or after `from`, if given) starts, if it has one. */
    async firstStart(companyId: number, from?: number): Promise<number | undefined> {
      const [row] = await reads
        .select({ first: min(daySegments.startsAt) })
        .from(daySegments)
        .where(
          and(
            eq(daySegments.companyId, companyId),
            from === undefined ? undefined : gte(daySegments.startsAt, new Date(from)),
          ),
        );
      return row?.first ? new Date(row.first).getTime() : undefined;
    },
  };
}
