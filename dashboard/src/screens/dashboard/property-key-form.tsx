import { type FormEvent, useEffect, useId, useState } from 'react';
import type { AnalyticsSearch } from '../../lib/analytics/analytics-search';
import { MAX_PROP_KEY_LENGTH, propFilterEntries, propKeyOf } from '../../lib/analytics/prop-filters';
import { useAnalyticsSource } from './analytics-source';

interface PropertyKeyFormProps {
  current: string | undefined;
  suggestions: string[];
  onKey: (key: string | undefined) => void;
}

/** A key typed by hand, for one beyond the keys listed: the keys seen are offered as it is typed. */
export function PropertyKeyForm({ current, suggestions, onKey }: PropertyKeyFormProps) {
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
 * Keys worth offering as one is typed: those seen in the period (`seen`, most visitors first), the one
 * shown, those of property filters in force, and those the site's goals require (fetched in the background
 * once; the form works without them).
 */
export function useKeySuggestions(companyId: number, search: AnalyticsSearch, seen: readonly string[]) {
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
  const others = [
    ...(search.props_key ? [search.props_key] : []),
    ...propFilterEntries(search).map(([name]) => propKeyOf(name)),
    ...goalKeys,
  ].sort((a, b) => a.localeCompare(b));
  return [...new Set([...seen, ...others])];
}
