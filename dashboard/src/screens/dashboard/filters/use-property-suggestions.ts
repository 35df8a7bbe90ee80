import type { AnalyticsSearch } from '../../../lib/analytics/analytics-search';
import type { FilterField, FilterName } from '../../../lib/analytics/filter-fields';
import {
  propertyKeysQuery,
  propertyValuesQuery,
  rowSuggestions,
} from '../../../lib/analytics/property-queries';
import { usePropertyRows } from '../use-property-rows';

/**
 * For a property filter: the keys seen in the period and the other filters, and the values of the key
 * once it is one of them (a key typed that no event sent has none to suggest). The filter edited is left
 * out of both questions, so that it does not narrow its own suggestions.
 */
export function usePropertySuggestions(
  companyId: number,
  search: AnalyticsSearch,
  edited: FilterName | undefined,
  draft: { field: FilterField; propKey: string },
) {
  const isProp = draft.field === 'prop';
  const keys = usePropertyRows(
    companyId,
    isProp ? propertyKeysQuery(search, edited) : undefined,
    'prop_keys',
  );
  const key = draft.propKey.trim();
  const isSeen = keys.status === 'ready' && keys.rows.some((row) => row.value === key);
  const values = usePropertyRows(
    companyId,
    isProp && isSeen ? propertyValuesQuery(search, key, edited) : undefined,
    'props',
  );
  return { keys, values: values.status === 'ready' ? rowSuggestions(values.rows) : [] };
}
