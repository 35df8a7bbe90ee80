import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { Annotation } from '../../schema/types';
import { required } from '../required';

/** A note to write: the day (or first day) it marks, the last day of a range or null, the text, its writer. */
export interface NewAnnotation {
  date: string;
  endDate: string | null;
  text: string;
  author: { id: number; name: string };
}

/** A stored note with the name of its writer: their current name, or the name they had when the account went. */
export type AnnotationWithAuthor = Annotation & { author: string };

export type AnnotationsRepository = ReturnType<typeof createAnnotationsRepository>;

/** A company's annotations (docs/api.md "Annotations"), in the order of their dates. */
export function createAnnotationsRepository(db: Db) {
  const { annotations, users } = db.schema;
  const withAuthor = {
    id: annotations.id,
    companyId: annotations.companyId,
    date: annotations.date,
    endDate: annotations.endDate,
    text: annotations.text,
    authorId: annotations.authorId,
    authorName: annotations.authorName,
    createdAt: annotations.createdAt,
    author: sql<string>`coalesce(${users.name}, ${annotations.authorName})`,
  };
  const select = () =>
    db.orm.select(withAuthor).from(annotations).leftJoin(users, eq(users.id, annotations.authorId));

  return {
    /**
     * The company's notes by date, then by when they were written; with `range`, those that touch it (a
     * range of days that overlaps it, or a day within it). Dates are `YYYY-MM-DD`, so text order is date order.
     */
    list(companyId: number, range?: { from: string; to: string }): Promise<AnnotationWithAuthor[]> {
      const touches = range
        ? and(
            lte(annotations.date, range.to),
            gte(sql`coalesce(${annotations.endDate}, ${annotations.date})`, range.from),
          )
        : undefined;
      return select()
        .where(and(eq(annotations.companyId, companyId), touches))
        .orderBy(asc(annotations.date), asc(annotations.id));
    },

    async count(companyId: number): Promise<number> {
      const [row] = await db.orm
        .select({ total: count() })
        .from(annotations)
        .where(eq(annotations.companyId, companyId));
      return row?.total ?? 0;
    },

    async create(companyId: number, note: NewAnnotation): Promise<AnnotationWithAuthor> {
      const [created] = await db.orm
        .insert(annotations)
        .values({
          companyId,
          date: note.date,
          endDate: note.endDate,
          text: note.text,
          authorId: note.author.id,
          authorName: note.author.name,
        })
        .returning();
      const stored = required(created, 'the new annotation');
      return { ...stored, author: note.author.name };
    },

    /** Deletes one of the company's notes; false when it has none with that id. */
    async delete(companyId: number, annotationId: number): Promise<boolean> {
      const deleted = await db.orm
        .delete(annotations)
        .where(and(eq(annotations.companyId, companyId), eq(annotations.id, annotationId)))
        .returning({ id: annotations.id });
      return deleted.length === 1;
    },
  };
}
