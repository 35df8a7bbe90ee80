import type { BreakdownRow } from '@footfall/contract';
import { MAX_BREAKDOWN_LIMIT, PROP_FILTER_PREFIX, PROP_KEYS } from '@footfall/contract/constants';
import { formatNumber } from '@footfall/contract/format';
import type { Query } from '../../api/client';
import { type AnalyticsSearch, analyticsQuery } from './analytics-search';
import type { FilterName, Suggestion } from './filter-fields';

// The questions the Properties panel and the filter editor ask of the analytics detail (docs/api.md
// "Analytics", "Properties"): every property key of the period (`prop_keys=true`), then one key's values
// (`props_key`), under the screen's period and filters.

/** The search without the Properties panel's key and without the filter `name`. */
function searchWithout(search: AnalyticsSearch, name: FilterName | undefined): AnalyticsSearch {
  const { props_key: _shown, ...rest } = search;
  if (name !== undefined) delete (rest as Record<string, unknown>)[name];
  return rest;
}

/**
 * Every property key of the search's period and filters, as many as the API lists. `without` leaves out a
 * filter: the one the editor is changing, which would otherwise narrow its own suggestions.
 */
export function propertyKeysQuery(search: AnalyticsSearch, without?: FilterName): Query {
  return {
    ...analyticsQuery(searchWithout(search, without), { limit: MAX_BREAKDOWN_LIMIT, comparison: false }),
    [PROP_KEYS]: 'true',
  };
}

/**
 * The values of the property `key` under the search's period and filters, except a filter on that key
 * itself (which would leave only the values it already names) and the filter `without`.
 */
export function propertyValuesQuery(search: AnalyticsSearch, key: string, without?: FilterName): Query {
  const rest = searchWithout(search, without);
  delete (rest as Record<string, unknown>)[`${PROP_FILTER_PREFIX}${key}`];
  return {
    ...analyticsQuery(rest, { limit: MAX_BREAKDOWN_LIMIT, comparison: false }),
    props_key: key,
  };
}

/** `1 visitor`, `1,204 visitors`. */
export const visitorsNote = (visitors: number) =>
  `${formatNumber(visitors)} ${visitors === 1 ? 'visitor' : 'visitors'}`;

/** Rows of keys or values as the editor suggests them: the value, with its visitors beside it. */
export function rowSuggestions(rows: readonly BreakdownRow[]): Suggestion[] {
  return rows.map((row) => ({ value: row.value, label: row.value, note: visitorsNote(row.visitors) }));
}
