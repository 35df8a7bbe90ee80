import type { BreakdownRow } from '@footfall/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AnalyticsSearch } from '../../lib/analytics-search';
import { formatCompact, formatNumber } from '../../lib/format';
import { MAX_PROP_KEY_LENGTH, propFilterEntries, propFilterOf, propKeyOf } from '../../lib/prop-filters';
import { useAnalyticsSource } from './analytics-source';
import { ValueRows } from './value-rows';

interface PropertiesPanelProps {
  companyId: number;
  search: AnalyticsSearch;
  /** `breakdowns.props` of the answer, asked for with `props_key`. */
  rows: BreakdownRow[] | undefined;
  /** Shows another property's values (undefined: none). */
  onKey: (key: string | undefined) => void;
  onFilter: (name: `prop:${string}`, value: string) => void;
}

/**
 * The values of one custom-event property (`props_key`, kept in the URL) with their visitors and events;
 * a click keeps the visits with an event carrying that value. The keys offered are those the site's goals
 * and the filters in force name, and the one shown: the API lists no keys of its own.
 */
export function PropertiesPanel({ companyId, search, rows, onKey, onFilter }: PropertiesPanelProps) {
  const headingId = useId();
  const key = search.props_key;
  const suggestions = usePropertyKeys(companyId, search);
  const max = Math.max(1, ...(rows ?? []).map((row) => row.visitors));
  return (
    <section className="panel conversion-panel" aria-labelledby={headingId}>
      <header className="panel-head">
        <h2 id={headingId}>Properties</h2>
        <KeyForm key={key ?? ''} current={key} suggestions={suggestions} onKey={onKey} />
      </header>
      {key === undefined ? (
        <p className="panel-empty muted">
          Type a property that your custom events send, such as <code>plan</code> in{' '}
          <code className="wrap-anywhere">footfall('Signup', {'{props: {plan: "pro"}}'})</code>, to see its
          values.
        </p>
      ) : !rows || rows.length === 0 ? (
        <p className="panel-empty muted">No custom event sent the property “{key}” in this period.</p>
      ) : (
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
              values: [
                {
                  text: formatCompact(row.visitors),
                  title: formatNumber(row.visitors),
                  spoken: ' visitors',
                },
                {
                  text: formatCompact(row.events ?? 0),
                  title: formatNumber(row.events ?? 0),
                  spoken: ' events',
                },
              ],
            };
          })}
        />
      )}
    </section>
  );
}

interface KeyFormProps {
  current: string | undefined;
  suggestions: string[];
  onKey: (key: string | undefined) => void;
}

function KeyForm({ current, suggestions, onKey }: KeyFormProps) {
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState(current ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    onKey(typed === '' ? undefined : typed);
  };
  return (
    <form className="property-form" onSubmit={submit} aria-label="Property">
      <label htmlFor={inputId} className="visually-hidden">
        Property key
      </label>
      <input
        id={inputId}
        className="input input-small"
        list={listId}
        value={text}
        maxLength={MAX_PROP_KEY_LENGTH}
        placeholder="Property key"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      <button type="submit" className="button button-small">
        Show
      </button>
    </form>
  );
}

/**
 * Keys worth offering: the one shown, those of property filters in force, and those the site's goals
 * require (fetched in the background once; the panel works without them).
 */
function usePropertyKeys(companyId: number, search: AnalyticsSearch): string[] {
  const source = useAnalyticsSource(companyId);
  const [goalKeys, setGoalKeys] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    source
      .goalPropertyKeys(controller.signal)
      .then(setGoalKeys)
      .catch(() => undefined);
    return () => controller.abort();
  }, [source]);
  const keys = [
    ...(search.props_key ? [search.props_key] : []),
    ...propFilterEntries(search).map(([name]) => propKeyOf(name)),
    ...goalKeys,
  ];
  return [...new Set(keys)].sort((a, b) => a.localeCompare(b));
}
