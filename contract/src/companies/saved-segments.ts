import { type Static, Type } from '@sinclair/typebox';
import { limits } from '../accounts/auth';
import { ResourceId, Timestamp } from '../common';

// Segments (docs/api.md "Segments"): a named set of the detail's filters, saved per site and shared with its members. Named
// "saved segments" in code: a "segment" is also a packed day of analytics storage.

/** The most segments one company may save. */
export const MAX_SEGMENTS = 100;

/**
 * A segment's filters, by the detail's parameter names (`page`, `country`, `goal`, `prop:plan`…), each with
 * the operators of docs/api.md "Analytics"; validated like the detail's query.
 */
export const SegmentFilters = Type.Record(Type.String(), Type.String({ minLength: 1, maxLength: 2000 }), {
  minProperties: 1,
  maxProperties: 40,
});
export type SegmentFilters = Static<typeof SegmentFilters>;

export const SegmentBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: limits.nameMax }),
  filters: SegmentFilters,
});
export type SegmentBody = Static<typeof SegmentBody>;

export const SegmentUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: limits.nameMax })),
  filters: Type.Optional(SegmentFilters),
});
export type SegmentUpdateBody = Static<typeof SegmentUpdateBody>;

export const SavedSegment = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  filters: Type.Record(Type.String(), Type.String()),
  created_at: Timestamp,
});
export type SavedSegment = Static<typeof SavedSegment>;

export const SegmentAnswer = Type.Object({ data: SavedSegment });
export type SegmentAnswer = Static<typeof SegmentAnswer>;

export const SegmentListAnswer = Type.Object({ data: Type.Array(SavedSegment) });
export type SegmentListAnswer = Static<typeof SegmentListAnswer>;

export const SegmentParams = Type.Object({ id: ResourceId, segment_id: ResourceId });
export type SegmentParams = Static<typeof SegmentParams>;
