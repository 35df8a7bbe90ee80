import { parseFilters } from '@footfall/contract/rules';
import type { Repositories } from '@footfall/db';
import { goalIdsOf, parseSegmentFilters } from '../analytics/query';
import { fieldError } from '../errors';

const NOT_THE_COMPANYS = "The goal field must name this company's goals.";

/**
 * A segment's filters from a request, checked like the analytics detail's (422 on `filters.NAME`), with
 * every goal that a `goal` filter names one of the company's (docs/api.md "Segments"). Answers them as
 * they are stored: countries upper-cased, nothing else changed.
 */
export async function segmentFilters(
  repos: Repositories,
  companyId: number,
  raw: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const filters = parseSegmentFilters(raw);
  const named = goalIdsOf(parseFilters(filters));
  if (named.length > 0) {
    const owned = new Set((await repos.goals.list(companyId)).map((goal) => goal.id));
    if (!named.every((id) => owned.has(id))) throw fieldError('filters.goal', NOT_THE_COMPANYS);
  }
  const stored: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) stored[name] = value;
  return stored;
}
