import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type AnalyticsSearch, validateAnalyticsSearch } from '../../lib/analytics/analytics-search';
import { useSearchOnItsWay } from '../../lib/routing/in-place-update';

/**
 * Parameters of an enclosing route that a change of the analytics search keeps: a shared link's `embed`
 * (docs/api.md "Shared links"), which the analytics search does not know.
 */
const KEPT_PARAMS = ['embed'] as const;

function keptParams(current: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(KEPT_PARAMS.flatMap((name) => (name in current ? [[name, current[name]]] : [])));
}

/**
 * The analytics search of the screen shown (overview or detail) and a way to change it. Changes replace
 * the history entry only for the chart's own toggles; periods and filters are new entries, so Back undoes
 * them. The page keeps its scroll position: a filter set from a table must not jump to the top.
 */
export function useAnalyticsSearch() {
  const shown = useSearch({ strict: false });
  // While a change loads in place, the controls already show it.
  const onItsWay = useSearchOnItsWay();
  const search = validateAnalyticsSearch(onItsWay ?? (shown as Record<string, unknown>));
  const navigate = useNavigate();
  const update = useCallback(
    (change: (current: AnalyticsSearch) => AnalyticsSearch, options: { replace?: boolean } = {}) =>
      navigate({
        to: '.',
        search: (current: Record<string, unknown>) => ({
          ...keptParams(current),
          ...change(validateAnalyticsSearch(current)),
        }),
        resetScroll: false,
        replace: options.replace ?? false,
      }),
    [navigate],
  );
  return { search, update };
}
