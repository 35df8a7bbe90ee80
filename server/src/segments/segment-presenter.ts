import { FILTERS, type SavedSegment } from '@footfall/contract';
import type { SavedSegment as SavedSegmentRow } from '@footfall/db';

// PostgreSQL's jsonb keeps an object's keys in an order of its own: the filters are answered in the
// detail's order of parameters, then the property filters by name, on both databases.
const RANK = new Map<string, number>(FILTERS.map((name, index) => [name, index]));
const rankOf = (name: string) => RANK.get(name) ?? FILTERS.length;

function inOrder(filters: Record<string, string>): Record<string, string> {
  const names = Object.keys(filters).sort((a, b) => rankOf(a) - rankOf(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(names.map((name) => [name, filters[name] ?? '']));
}

export function presentSavedSegment(segment: SavedSegmentRow): SavedSegment {
  return {
    id: segment.id,
    name: segment.name,
    filters: inOrder(segment.filters),
    created_at: segment.createdAt.toISOString(),
  };
}
