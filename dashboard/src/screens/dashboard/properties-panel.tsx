import type { BreakdownRow, PropFilter } from '@footfall/contract';
import { DEFAULT_BREAKDOWN_LIMIT } from '@footfall/contract/constants';
import { formatCompact, formatNumber } from '@footfall/contract/format';
import { useId, useState } from 'react';
import type { AnalyticsSearch } from '../../lib/analytics/analytics-search';
import { propFilterOf } from '../../lib/analytics/prop-filters';
import { propertyKeysQuery } from '../../lib/analytics/property-queries';
import { PropertyKeyForm, useKeySuggestions } from './property-key-form';
import { type PropertyRows, usePropertyRows } from './use-property-rows';
import { type RowValue, ValueRows } from './value-rows';

interface PropertiesPanelProps {
  companyId: number;
  search: AnalyticsSearch;
  /** `breakdowns.props` of the answer, asked for with `props_key`. */
  rows: BreakdownRow[] | undefined;
  /** Shows a property's values (undefined: the list of keys again). */
  onKey: (key: string | undefined) => void;
  onFilter: (name: PropFilter, value: string) => void;
}

/** The visitors and events of a key's or a value's row. */
const figures = (row: BreakdownRow): RowValue[] => [
  { text: formatCompact(row.visitors), title: formatNumber(row.visitors), spoken: ' visitors' },
  { text: formatCompact(row.events ?? 0), title: formatNumber(row.events ?? 0), spoken: ' events' },
];

const largest = (rows: readonly BreakdownRow[]) => Math.max(1, ...rows.map((row) => row.visitors));

/**
 * The custom-event properties of the period and filters, as Plausible's Properties report shows them: first
 * every key with its visitors and events (`prop_keys`, fetched in the background), and a click on one shows
 * its values (`props_key`, kept in the URL); a click on a value keeps the visits with an event carrying it.
 */
export function PropertiesPanel({ companyId, search, rows, onKey, onFilter }: PropertiesPanelProps) {
  const headingId = useId();
  const key = search.props_key;
  // Asked whichever view is shown, and without the key shown: going back to the keys finds them at once.
  const keys = usePropertyRows(companyId, propertyKeysQuery(search), 'prop_keys');
  const seen = keys.status === 'ready' ? keys.rows.map((row) => row.value) : [];
  const suggestions = useKeySuggestions(companyId, search, seen);
  return (
    <section className="panel conversion-panel" aria-labelledby={headingId}>
      <header className="panel-head">
        <h2 id={headingId}>Properties</h2>
        <PropertyKeyForm key={key ?? ''} current={key} suggestions={suggestions} onKey={onKey} />
      </header>
      {key === undefined ? (
        <PropertyKeys keys={keys} onKey={onKey} />
      ) : (
        <>
          <p className="property-crumbs">
            <button type="button" className="link-button small" onClick={() => onKey(undefined)}>
              <span aria-hidden="true">← </span>All properties
            </button>
          </p>
          <PropertyValues propertyKey={key} rows={rows} search={search} onFilter={onFilter} />
        </>
      )}
    </section>
  );
}

/** The keys seen, the first ten unless all are asked for; a click shows the key's values. */
function PropertyKeys({ keys, onKey }: { keys: PropertyRows; onKey: (key: string) => void }) {
  const [showAll, setShowAll] = useState(false);
  if (keys.status === 'failed')
    return <p className="panel-empty muted">The properties could not be loaded. Try again in a moment.</p>;
  if (keys.status !== 'ready')
    return (
      <p className="panel-empty muted" role="status">
        Loading the properties…
      </p>
    );
  if (keys.rows.length === 0)
    return (
      <p className="panel-empty muted">
        No custom event sent properties in this period. Send them with an event, such as <code>plan</code> in{' '}
        <code className="wrap-anywhere">footfall('Signup', {'{props: {plan: "pro"}}'})</code>, to see them
        here.
      </p>
    );
  const shown = showAll ? keys.rows : keys.rows.slice(0, DEFAULT_BREAKDOWN_LIMIT);
  const max = largest(keys.rows);
  return (
    <>
      <p className="property-crumbs muted small">Choose a property to see its values.</p>
      <ValueRows
        label="Property keys"
        columns={['Property', 'Visitors', 'Events']}
        rows={shown.map((row) => ({
          key: row.value,
          label: row.value,
          title: row.value,
          share: row.visitors / max,
          pressed: false,
          action: `Show the values of ${row.value}`,
          onSelect: () => onKey(row.value),
          values: figures(row),
        }))}
      />
      {keys.rows.length > shown.length ? (
        <button type="button" className="link-button small panel-more" onClick={() => setShowAll(true)}>
          Show all {formatNumber(keys.rows.length)} properties
        </button>
      ) : null}
    </>
  );
}

interface PropertyValuesProps {
  propertyKey: string;
  rows: BreakdownRow[] | undefined;
  search: AnalyticsSearch;
  onFilter: (name: PropFilter, value: string) => void;
}

/** One key's values; a click filters by the value. */
function PropertyValues({ propertyKey: key, rows, search, onFilter }: PropertyValuesProps) {
  if (!rows || rows.length === 0)
    return <p className="panel-empty muted">No custom event sent the property “{key}” in this period.</p>;
  const max = largest(rows);
  return (
    <ValueRows
      label={`Values of ${key}`}
      columns={[key, 'Visitors', 'Events']}
      rows={rows.map((row) => {
        const [name, value] = propFilterOf(key, row.value);
        return {
          key: row.value,
          label: row.value,
          title: row.value,
          share: row.visitors / max,
          pressed: search[name] === value,
          action: `Filter by ${key} = ${row.value}`,
          onSelect: () => onFilter(name, value),
          values: figures(row),
        };
      })}
    />
  );
}
