import { useId } from 'react';
import type { Suggestion } from '../../../lib/analytics/filter-fields';

interface SuggestionListProps {
  /** `Suggestions`, `Matching`, `Properties seen`. */
  title: string;
  suggestions: readonly Suggestion[];
  /** What a press does, read before the label: `Add` for a value, `Choose` for a property's key. */
  verb: string;
  onChoose: (value: string) => void;
}

/** Values at hand as a row of buttons under a field, each with what it counts beside it. */
export function SuggestionList({ title, suggestions, verb, onChoose }: SuggestionListProps) {
  const titleId = useId();
  if (suggestions.length === 0) return null;
  return (
    <div className="suggestions">
      <p id={titleId} className="suggestions-title">
        {title}
      </p>
      <ul aria-labelledby={titleId}>
        {suggestions.map((suggestion) => (
          <li key={suggestion.value}>
            <button
              type="button"
              className="suggestion"
              aria-label={`${verb} ${suggestion.label}${suggestion.note ? `, ${suggestion.note}` : ''}`}
              onClick={() => onChoose(suggestion.value)}
            >
              <span aria-hidden="true">+ </span>
              {suggestion.label}
              {suggestion.note ? <span className="suggestion-note"> · {suggestion.note}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
