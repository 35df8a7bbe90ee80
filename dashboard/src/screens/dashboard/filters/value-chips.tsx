import { type KeyboardEvent, useRef } from 'react';
import { matchingSuggestions, type Suggestion } from '../../../lib/analytics/filter-fields';
import { SuggestionList } from './suggestion-list';

interface ValueChipsProps {
  /** The input's id, which the field's label names. */
  inputId: string;
  values: string[];
  /** How a value reads on its chip. */
  labelOf: (value: string) => string;
  /** Adds what is typed (the editor splits it at commas and reads each piece as a value). */
  onAddTyped: (text: string) => void;
  /** Adds a suggested value as it is. */
  onAddValue: (value: string) => void;
  onRemove: (value: string) => void;
  /** What is typed and not yet a chip: the editor adds it when the filter is applied. */
  draft: string;
  onDraft: (draft: string) => void;
  suggestions: readonly Suggestion[];
  describedBy: string | undefined;
  invalid: boolean;
}

/**
 * The values of a filter as chips, any of which may match: typed, then Enter or a comma makes a chip;
 * Backspace in the empty input takes the last one back. Below, the values at hand (the loaded rows of the
 * field) that match what is typed, each a button that adds it.
 */
export function ValueChips({
  inputId,
  values,
  labelOf,
  onAddTyped,
  onAddValue,
  onRemove,
  draft,
  onDraft,
  suggestions,
  describedBy,
  invalid,
}: ValueChipsProps) {
  const input = useRef<HTMLInputElement>(null);
  const shown = matchingSuggestions(suggestions, draft, values);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter with nothing typed is left to the form, which applies the filter.
    if ((event.key === 'Enter' && draft.trim() !== '') || event.key === ',') {
      event.preventDefault();
      if (draft.trim() !== '') onAddTyped(draft);
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      event.preventDefault();
      const last = values[values.length - 1] as string;
      onRemove(last);
      onDraft(last);
    }
  };

  return (
    <>
      <div className={invalid ? 'value-box has-error' : 'value-box'}>
        {values.length > 0 ? (
          <ul className="chip-list" aria-label="Values chosen">
            {values.map((value) => (
              <li key={value} className="chip">
                <span className="chip-text">{labelOf(value)}</span>
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove the value ${labelOf(value)}`}
                  onClick={() => {
                    onRemove(value);
                    input.current?.focus();
                  }}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={input}
          id={inputId}
          className="value-input"
          value={draft}
          autoComplete="off"
          enterKeyHint="enter"
          placeholder={values.length > 0 ? 'Or…' : 'Type a value'}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <SuggestionList
        title={draft.trim() === '' ? 'Suggestions' : 'Matching'}
        suggestions={shown}
        verb="Add"
        onChoose={(value) => {
          onAddValue(value);
          input.current?.focus();
        }}
      />
    </>
  );
}
