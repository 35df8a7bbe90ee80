import {
  type AnalyticsSearch,
  activeFilters,
  validFilters,
  withoutFilters,
} from '../../../lib/analytics/analytics-search';
import { describeFilter, type FilterName, type GoalName } from '../../../lib/analytics/filter-fields';

// Saved segments against the screen's search: what a segment's filters read as, whether they are the ones
// in force, and the search that applying one gives.

/** A segment's filters as their pills read, one after the other. */
export function segmentSummary(filters: Record<string, string>, goals: readonly GoalName[] = []): string {
  return validFilters(filters)
    .flatMap(([name, value]) => describeFilter(name, value, goals)?.text ?? [])
    .join(' · ');
}

/** The server upper-cases countries: `de` in a URL is the `DE` of a segment. */
function comparable(filters: [FilterName, string][]): string {
  return JSON.stringify(
    filters
      .map(([name, value]): [string, string] => [name, name === 'country' ? value.toUpperCase() : value])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** Whether the filters in force are exactly a segment's. */
export function isSegmentApplied(search: AnalyticsSearch, filters: Record<string, string>): boolean {
  const applied = validFilters(filters);
  return applied.length > 0 && comparable(activeFilters(search)) === comparable(applied);
}

/** The search with a segment's filters in place of those in force; the period and the chart stay. */
export function searchWithSegment(search: AnalyticsSearch, filters: Record<string, string>): AnalyticsSearch {
  return { ...withoutFilters(search), ...Object.fromEntries(validFilters(filters)) };
}

/** The filters in force as a segment's body takes them. */
export function segmentFiltersOf(search: AnalyticsSearch): Record<string, string> {
  return Object.fromEntries(activeFilters(search));
}
