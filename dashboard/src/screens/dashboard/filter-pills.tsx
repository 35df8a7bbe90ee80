import type { Filter, PropFilter } from '@footfall/contract';
import { useSelector } from '@tanstack/react-store';
import { analyticsStore } from '../../app/services';
import { type AnalyticsSearch, activeFilters } from '../../lib/analytics-search';
import { displayFilterValue, FILTER_LABELS, unescapeFilterValue } from '../../lib/breakdowns';
import { propFilterEntries, propKeyOf } from '../../lib/prop-filters';
import { storedAnalytics } from '../../state/analytics-store';

interface FilterPillsProps {
  search: AnalyticsSearch;
  onRemove: (filter: Filter | PropFilter) => void;
  onClear: () => void;
  /** The site's goals, which name a goal filter; by default those of the loaded analytics answer. */
  goals?: readonly { id: number; name: string }[];
}

/** The filters in force, each removable; they live in the URL, so a filtered view can be shared. */
export function FilterPills({ search, onRemove, onClear, goals: given }: FilterPillsProps) {
  const loaded = useSelector(analyticsStore, (state) => storedAnalytics(state)?.goals);
  const goals = given ?? loaded?.map((goal) => ({ id: goal.goal_id, name: goal.name }));
  const pills = [
    ...activeFilters(search).map(([name, value]) => ({
      name: name as Filter | PropFilter,
      label: FILTER_LABELS[name],
      value:
        name === 'goal'
          ? (goals?.find((goal) => String(goal.id) === value)?.name ?? `#${value}`)
          : displayFilterValue(name, value),
    })),
    ...propFilterEntries(search).map(([name, value]) => ({
      name,
      label: `Property ${propKeyOf(name)}`,
      value: unescapeFilterValue(value),
    })),
  ];
  if (pills.length === 0) return null;
  return (
    <section className="filter-pills" aria-label="Filters">
      <ul>
        {pills.map(({ name, label, value }) => (
          <li key={name} className="pill">
            <span className="pill-label">
              {label} is <strong>{value}</strong>
            </span>
            <button
              type="button"
              className="pill-remove"
              aria-label={`Remove filter ${label} is ${value}`}
              onClick={() => onRemove(name)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {pills.length > 1 ? (
        <button type="button" className="link-button small" onClick={onClear}>
          Clear all
        </button>
      ) : null}
    </section>
  );
}
