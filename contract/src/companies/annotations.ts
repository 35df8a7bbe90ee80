import { type Static, Type } from '@sinclair/typebox';
import { Nullable, ResourceId, Timestamp } from '../common';

// Annotations (docs/api.md "Annotations"): notes on a site's chart, on a day or a range of days in the site's time zone.

/** The most notes one company may keep. */
export const MAX_ANNOTATIONS = 1000;
/** The longest note, in characters. */
export const MAX_ANNOTATION_LENGTH = 500;

/** A calendar day `YYYY-MM-DD` that exists (`2026-02-30` does not). */
const CalendarDay = Type.String({ format: 'date' });

export const AnnotationBody = Type.Object({
  /** The day the note marks, or the first day of its range. */
  date: CalendarDay,
  /** The last day of the range (on or after `date`); absent or null for a single day. */
  end_date: Type.Optional(Nullable(CalendarDay)),
  text: Type.String({ minLength: 1, maxLength: MAX_ANNOTATION_LENGTH }),
});
export type AnnotationBody = Static<typeof AnnotationBody>;

export const Annotation = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  end_date: Nullable(Type.String()),
  text: Type.String(),
  /** The writer's name. */
  author: Type.String(),
  created_at: Timestamp,
});
export type Annotation = Static<typeof Annotation>;

export const AnnotationAnswer = Type.Object({ data: Annotation });
export type AnnotationAnswer = Static<typeof AnnotationAnswer>;

export const AnnotationListAnswer = Type.Object({ data: Type.Array(Annotation) });
export type AnnotationListAnswer = Static<typeof AnnotationListAnswer>;

export const AnnotationParams = Type.Object({ id: ResourceId, annotation_id: ResourceId });
export type AnnotationParams = Static<typeof AnnotationParams>;
