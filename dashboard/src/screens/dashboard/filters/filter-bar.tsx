import type { AnalyticsDetail } from '@footfall/contract';
import { useEffect, useRef, useState } from 'react';
import { type AnalyticsSearch, activeFilters, withoutFilters } from '../../../lib/analytics/analytics-search';
import { describeFilter, type FilterName } from '../../../lib/analytics/filter-fields';
import { useIsShared } from '../analytics-source';
import { FilterEditor } from './filter-editor';
import { searchWithSegment } from './segment-text';
import { SegmentsMenu } from './segments-menu';
import { useGoals } from './use-goals';

interface FilterBarProps {
  companyId: number;
  search: AnalyticsSearch;
  /** The rows already loaded, as suggestions in the editor (a screen without a detail gives none). */
  breakdowns?: AnalyticsDetail['breakdowns'];
  /** Sets a new search (a new history entry, so Back undoes it). */
  onSearch: (change: (current: AnalyticsSearch) => AnalyticsSearch) => void;
}

/** What gets the focus once the editor has closed: a filter's pill, or the "Add filter" button. */
type FocusTarget = { pill: FilterName } | 'add';

/**
 * The filters in force as pills, each opening the editor on a click and removable; "Add filter" opens it
 * for a new one, and the segments menu beside it applies saved sets of filters. They live in the URL, so a
 * filtered view can be shared.
 */
export function FilterBar({ companyId, search, breakdowns, onSearch }: FilterBarProps) {
  const filters = activeFilters(search);
  const [editing, setEditing] = useState<{ name: FilterName | undefined } | undefined>();
  const [focusTarget, setFocusTarget] = useState<FocusTarget | undefined>();
  const root = useRef<HTMLElement>(null);
  const goals = useGoals(companyId, editing !== undefined || search.goal !== undefined);
  // Saved segments are the team's: a shared link's viewer sets filters, but neither reads nor saves segments.
  const isShared = useIsShared();

  // The focus goes back where the editor was opened from (WAI-ARIA dialog pattern), or to the pill of the
  // filter just set, once the new URL has drawn it.
  useEffect(() => {
    if (!focusTarget) return;
    const selector =
      focusTarget === 'add' ? '[data-filter-add]' : `[data-filter-edit="${CSS.escape(focusTarget.pill)}"]`;
    const element = root.current?.querySelector<HTMLElement>(selector);
    if (element) {
      element.focus();
      setFocusTarget(undefined);
    }
  });

  const close = (target: FocusTarget) => {
    setEditing(undefined);
    setFocusTarget(target);
  };
  const remove = (name: FilterName) => onSearch(({ [name]: _removed, ...rest }) => rest as AnalyticsSearch);

  return (
    <section ref={root} className="filter-bar" aria-label="Filters">
      <div className="filter-tools">
        <button
          type="button"
          className="button button-small"
          data-filter-add=""
          aria-haspopup="dialog"
          onClick={() => setEditing({ name: undefined })}
        >
          <span aria-hidden="true">+</span> Add filter
        </button>
        {isShared ? null : (
          <SegmentsMenu
            companyId={companyId}
            search={search}
            onApply={(filters) => onSearch((current) => searchWithSegment(current, filters))}
          />
        )}
      </div>
      {filters.length > 0 ? (
        <ul className="filter-pills" aria-label="Active filters">
          {filters.map(([name, value]) => {
            const description = describeFilter(name, value, goals);
            if (!description) return null;
            return (
              <li key={name} className="pill">
                <button
                  type="button"
                  className="pill-edit"
                  data-filter-edit={name}
                  aria-haspopup="dialog"
                  aria-label={`Edit filter ${description.text}`}
                  title={description.text}
                  onClick={() => setEditing({ name })}
                >
                  {description.field} <span className="pill-operator">{description.operator}</span>{' '}
                  {description.values.map((shown, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two values may read alike (goals by name).
                    <span key={index}>
                      {index > 0 ? <span className="pill-operator"> or </span> : null}
                      <strong>{shown}</strong>
                    </span>
                  ))}
                </button>
                <button
                  type="button"
                  className="pill-remove"
                  aria-label={`Remove filter ${description.text}`}
                  onClick={() => {
                    remove(name);
                    setFocusTarget('add');
                  }}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {filters.length > 1 ? (
        <button type="button" className="link-button small" onClick={() => onSearch(withoutFilters)}>
          Clear all
        </button>
      ) : null}
      {editing ? (
        <FilterEditor
          companyId={companyId}
          name={editing.name}
          search={search}
          breakdowns={breakdowns ?? {}}
          goals={goals}
          onApply={(name, value) => {
            const edited = editing.name;
            onSearch((current) => {
              const next: AnalyticsSearch = { ...current, [name]: value };
              if (edited && edited !== name) delete next[edited];
              return next;
            });
            close({ pill: name });
          }}
          onRemove={(name) => {
            remove(name);
            close('add');
          }}
          onClose={() => close(editing.name ? { pill: editing.name } : 'add')}
        />
      ) : null}
    </section>
  );
}
