import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { SavedSegment } from '../../schema/types';
import { required } from '../required';

/** What a saved segment holds: a name and the analytics detail's filters, by parameter name. */
export interface SavedSegmentDefinition {
  name: string;
  filters: Record<string, string>;
}

export type SavedSegmentsRepository = ReturnType<typeof createSavedSegmentsRepository>;

/** A company's saved segments (docs/api.md "Segments"), not to be confused with packed day segments. */
export function createSavedSegmentsRepository(db: Db) {
  const { savedSegments } = db.schema;
  const ofCompany = (companyId: number, segmentId: number) =>
    and(eq(savedSegments.companyId, companyId), eq(savedSegments.id, segmentId));

  return {
    /** The company's segments, oldest first. */
    list(companyId: number): Promise<SavedSegment[]> {
      return db.orm
        .select()
        .from(savedSegments)
        .where(eq(savedSegments.companyId, companyId))
        .orderBy(asc(savedSegments.id));
    },

    async count(companyId: number): Promise<number> {
      const [row] = await db.orm
        .select({ total: count() })
        .from(savedSegments)
        .where(eq(savedSegments.companyId, companyId));
      return row?.total ?? 0;
    },

    async create(companyId: number, definition: SavedSegmentDefinition): Promise<SavedSegment> {
      const [segment] = await db.orm
        .insert(savedSegments)
        .values({ ...definition, companyId })
        .returning();
      return required(segment, 'the new segment');
    },

    async find(companyId: number, segmentId: number): Promise<SavedSegment | undefined> {
      const [segment] = await db.orm.select().from(savedSegments).where(ofCompany(companyId, segmentId));
      return segment;
    },

    /** Replaces a segment's name and filters; undefined when the company has no such segment. */
    async update(
      companyId: number,
      segmentId: number,
      definition: SavedSegmentDefinition,
    ): Promise<SavedSegment | undefined> {
      const [segment] = await db.orm
        .update(savedSegments)
        .set(definition)
        .where(ofCompany(companyId, segmentId))
        .returning();
      return segment;
    },

    async delete(companyId: number, segmentId: number): Promise<boolean> {
      const gone = await db.orm
        .delete(savedSegments)
        .where(ofCompany(companyId, segmentId))
        .returning({ id: savedSegments.id });
      return gone.length > 0;
    },
  };
}
