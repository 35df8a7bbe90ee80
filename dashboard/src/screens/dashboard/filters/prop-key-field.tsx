import { TextField } from '../../../components/form-field';
import { matchingSuggestions } from '../../../lib/analytics/filter-fields';
import { MAX_PROP_KEY_LENGTH } from '../../../lib/analytics/prop-filters';
import { rowSuggestions } from '../../../lib/analytics/property-queries';
import type { PropertyRows } from '../use-property-rows';
import { SuggestionList } from './suggestion-list';

interface PropKeyFieldProps {
  /** The key as typed. */
  value: string;
  /** The keys seen in the period and filters, with their visitors. */
  keys: PropertyRows;
  onValue: (key: string) => void;
  /** A key picked from those seen. */
  onChoose: (key: string) => void;
}

/** A property filter's key: typed, or chosen among the keys the period's custom events sent. */
export function PropKeyField({ value, keys, onValue, onChoose }: PropKeyFieldProps) {
  const typed = value.trim();
  const seen = keys.status === 'ready' ? rowSuggestions(keys.rows) : [];
  const shown = matchingSuggestions(seen, typed, [typed]);
  return (
    <div className="prop-key-field">
      <TextField
        name="prop_key"
        label="Property name"
        value={value}
        maxLength={MAX_PROP_KEY_LENGTH}
        autoComplete="off"
        spellCheck={false}
        hint="The key of a custom event's property, such as plan."
        onValue={onValue}
      />
      {keys.status === 'loading' ? (
        <p className="muted small" role="status">
          Loading the properties seen…
        </p>
      ) : (
        <SuggestionList
          title={typed === '' ? 'Properties seen' : 'Matching'}
          suggestions={shown}
          verb="Choose"
          onChoose={onChoose}
        />
      )}
    </div>
  );
}
