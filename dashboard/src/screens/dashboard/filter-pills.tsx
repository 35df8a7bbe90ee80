import type { Filter } from '@footfall/contract';
import { type AnalyticsSearch, activeFilters } from '../../lib/analytics-search';
import { displayFilterValue, FILTER_LABELS } from '../../lib/breakdowns';

interface FilterPillsProps {
  search: AnalyticsSearch;
  onRemove: (filter: Filter) => void;
  onClear: () => void;
}

/** The filters in force, each removable; they live in the URL, so a filtered view can be shared. */
export function FilterPills({ search, onRemove, onClear }: FilterPillsProps) {
  const filters = activeFilters(search);
  if (filters.length === 0) return null;
  return (
    <section className="filter-pills" aria-label="Filters">
      <ul>
        {filters.map(([name, value]) => (
          <li key={name} className="pill">
            <span className="pill-label">
              {FILTER_LABELS[name]} is <strong>{displayFilterValue(name, value)}</strong>
            </span>
            <button
              type="button"
              className="pill-remove"
              aria-label={`Remove filter ${FILTER_LABELS[name]} is ${displayFilterValue(name, value)}`}
              onClick={() => onRemove(name)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <button type="button" className="link-button small" onClick={onClear}>
          Clear all
        </button>
      ) : null}
    </section>
  );
}
