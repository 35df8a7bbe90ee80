import { countryCodeOf } from '../../../lib/analytics/breakdowns';
import {
  decodeFilter,
  encodeFilter,
  type FilterOperator,
  isContains,
  splitTypedValues,
} from '../../../lib/analytics/filter-expression';
import {
  conditionProblem,
  type FilterField,
  type FilterName,
  fieldOf,
  nameOf,
  operatorsFor,
  suggestionsFor,
} from '../../../lib/analytics/filter-fields';

// The filter editor's state, apart from its screen: the field, the operator, the values chosen and what is
// typed and not yet a value; how each choice changes it; and what applying it writes into the URL.

export interface FilterDraft {
  field: FilterField;
  /** A property filter's key, as typed. */
  propKey: string;
  operator: FilterOperator;
  values: string[];
  /** Typed and not yet a value: applying the filter adds it. */
  typed: string;
}

/** The draft of a new filter, or of the filter `name` whose value is `raw`. */
export function draftOf(name?: FilterName, raw?: string): FilterDraft {
  const condition = raw === undefined ? undefined : decodeFilter(raw);
  if (!name || !condition) return { field: 'page', propKey: '', operator: 'is', values: [], typed: '' };
  return { ...fieldOf(name), ...condition, typed: '' };
}

/** Whether the field's values are a closed set, chosen by ticking them rather than typed. */
export function choosesFromList(field: FilterField, operator: FilterOperator): boolean {
  return field === 'goal' || (field === 'device' && !isContains(operator));
}

/** Another field: the values of the old one mean nothing to it; the operator stays if the field has it. */
export function withField(draft: FilterDraft, field: FilterField): FilterDraft {
  const operator = operatorsFor(field).includes(draft.operator) ? draft.operator : 'is';
  return { field, propKey: draft.propKey, operator, values: [], typed: '' };
}

/** Another operator, keeping the values (a list of devices keeps only the devices). */
export function withOperator(draft: FilterDraft, operator: FilterOperator): FilterDraft {
  if (draft.field !== 'device' || !choosesFromList(draft.field, operator)) return { ...draft, operator };
  const known = new Set(suggestionsFor(draft.field, {}).map((option) => option.value));
  return { ...draft, operator, typed: '', values: draft.values.filter((value) => known.has(value)) };
}

/** A typed text as values: split at commas, and a country typed by its name read as its code. */
export function typedValues(draft: Pick<FilterDraft, 'field' | 'operator'>, text: string): string[] {
  const pieces = splitTypedValues(text);
  if (draft.field !== 'country' || isContains(draft.operator)) return pieces;
  return pieces.map((piece) => countryCodeOf(piece) ?? piece);
}

/** The draft with `values` added after its own (each once), and nothing typed left. */
export function withValues(draft: FilterDraft, values: readonly string[]): FilterDraft {
  const merged = [...draft.values];
  for (const value of values) if (value !== '' && !merged.includes(value)) merged.push(value);
  return { ...draft, values: merged, typed: '' };
}

export function withoutValue(draft: FilterDraft, value: string): FilterDraft {
  return { ...draft, values: draft.values.filter((one) => one !== value) };
}

export type DraftResult = { name: FilterName; value: string } | { problem: string };

/**
 * What applying the draft writes: the filter's parameter name and its value as the API reads it (what is
 * still typed included), or what is wrong with it.
 */
export function applyDraft(draft: FilterDraft): DraftResult {
  const complete = withValues(draft, typedValues(draft, draft.typed));
  const name = nameOf(complete.field, complete.propKey.trim());
  const condition = { operator: complete.operator, values: complete.values };
  const problem = conditionProblem(name, condition);
  return problem ? { problem } : { name, value: encodeFilter(condition) };
}
