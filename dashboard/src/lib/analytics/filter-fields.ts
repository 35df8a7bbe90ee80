import type { Breakdown, BreakdownRow, Filter, PropFilter } from '@footfall/contract';
import { PROP_FILTER_PREFIX } from '@footfall/contract/constants';
import { countryName } from '@footfall/contract/format';
import { BREAKDOWN_INFO, DEVICE_NAMES, FILTER_LABELS } from './breakdowns';
import {
  decodeFilter,
  encodeFilter,
  FILTER_OPERATORS,
  type FilterCondition,
  type FilterOperator,
  isContains,
  OPERATOR_LABELS,
} from './filter-expression';

// What each filter is called, which operators and values it takes and how it reads in a pill: the filter
// editor's and the pills' common ground (docs/api.md "Analytics").

/** A filter's query parameter: one of the contract's filters, or `prop:KEY` for a custom property. */
export type FilterName = Filter | PropFilter;
/** What the editor's first choice picks: a filter, or `prop` (a property, whose key is typed next). */
export type FilterField = Filter | 'prop';

/** The fields in the editor's order: pages, where visitors came from, who they are, what they did. */
export const FILTER_FIELDS: readonly FilterField[] = [
  'page',
  'entry_page',
  'exit_page',
  'hostname',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'browser',
  'os',
  'device',
  'event',
  'goal',
  'prop',
];

export const FIELD_LABELS: Record<FilterField, string> = { ...FILTER_LABELS, prop: 'Property' };

/** The longest property key the tracker keeps (the contract's MAX_PROP_KEY_LENGTH). */
export const MAX_PROP_KEY_LENGTH = 300;
/** The longest filter value the API takes. */
export const MAX_FILTER_LENGTH = 2000;

const DEVICES = Object.keys(DEVICE_NAMES);
const COUNTRY_CODE = /^[A-Za-z]{2}$/;
const GOAL_ID = /^[1-9]\d{0,9}$/;

/** The field a filter's name belongs to, and the key of a property filter. */
export function fieldOf(name: FilterName): { field: FilterField; propKey: string } {
  return name.startsWith(PROP_FILTER_PREFIX)
    ? { field: 'prop', propKey: name.slice(PROP_FILTER_PREFIX.length) }
    : { field: name as Filter, propKey: '' };
}

/** The query parameter of a field (with a property's key). */
export function nameOf(field: FilterField, propKey: string): FilterName {
  return field === 'prop' ? `${PROP_FILTER_PREFIX}${propKey}` : field;
}

/** How a filter's field reads: "Country", "Property plan". */
export function fieldLabel(name: FilterName): string {
  const { field, propKey } = fieldOf(name);
  return field === 'prop' ? `Property ${propKey}` : FIELD_LABELS[field];
}

/**
 * The operators a field offers. Goals, devices and countries are closed sets, where "contains" says
 * nothing useful (and the API refuses it on goals); the operator a filter already has is always offered.
 */
export function operatorsFor(field: FilterField, current?: FilterOperator): FilterOperator[] {
  const closed = field === 'goal' || field === 'device' || field === 'country';
  return FILTER_OPERATORS.filter(
    (operator) => !closed || operator === 'is' || operator === 'is_not' || operator === current,
  );
}

/** The goals as the editor and the pills need them. */
export interface GoalName {
  id: number;
  name: string;
}

/** How one of a filter's values reads: country and device names, a goal's name, the rest as typed. */
export function describeValue(
  name: FilterName,
  value: string,
  operator: FilterOperator,
  goals: readonly GoalName[] = [],
): string {
  if (isContains(operator)) return value;
  if (name === 'country') return countryName(value);
  if (name === 'device') return DEVICE_NAMES[value] ?? value;
  if (name === 'goal') return goals.find((goal) => String(goal.id) === value)?.name ?? `#${value}`;
  return value;
}

export interface FilterDescription {
  field: string;
  operator: string;
  values: string[];
  /** The whole sentence: "Country is not United States or Germany", "Page contains blog". */
  text: string;
}

/** A filter as its pill reads; undefined for a value the API would refuse. */
export function describeFilter(
  name: FilterName,
  raw: string,
  goals: readonly GoalName[] = [],
): FilterDescription | undefined {
  const condition = decodeFilter(raw);
  if (!condition) return undefined;
  const field = fieldLabel(name);
  const operator = OPERATOR_LABELS[condition.operator];
  const values = condition.values.map((value) => describeValue(name, value, condition.operator, goals));
  return { field, operator, values, text: `${field} ${operator} ${values.join(' or ')}` };
}

/**
 * What is wrong with a condition for a filter, in a sentence for the editor; undefined when the API takes
 * it. The rules are the API's (docs/api.md "Analytics").
 */
export function conditionProblem(name: FilterName, condition: FilterCondition): string | undefined {
  const { field, propKey } = fieldOf(name);
  if (field === 'prop' && propKey.trim() === '') return 'Name the property.';
  if (field === 'prop' && propKey.length > MAX_PROP_KEY_LENGTH)
    return `A property's name has at most ${MAX_PROP_KEY_LENGTH} characters.`;
  if (condition.values.length === 0) return 'Add at least one value.';
  const contains = isContains(condition.operator);
  if (field === 'goal' && contains) return 'A goal is chosen whole: use "is" or "is not".';
  if (field === 'goal' && !condition.values.every((value) => GOAL_ID.test(value)))
    return 'Choose goals from the list.';
  if (field === 'country' && !contains && !condition.values.every((value) => COUNTRY_CODE.test(value)))
    return 'A country is its two-letter code, such as DE for Germany.';
  if (field === 'device' && !contains && !condition.values.every((value) => DEVICES.includes(value)))
    return 'A device is desktop, mobile or tablet.';
  if (encodeFilter(condition).length > MAX_FILTER_LENGTH)
    return `The values take at most ${MAX_FILTER_LENGTH} characters together.`;
  return undefined;
}

/** Whether a filter's value, as found in a URL or a saved segment, is one the API takes. */
export function isValidFilter(name: FilterName, raw: unknown): raw is string {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_FILTER_LENGTH) return false;
  const condition = decodeFilter(raw);
  return condition !== undefined && conditionProblem(name, condition) === undefined;
}

/** The breakdown whose rows a field's values come from, where the answer has one. */
const SUGGESTED_BY = new Map<FilterField, Breakdown>(
  (Object.entries(BREAKDOWN_INFO) as [Breakdown, { filter?: Filter }][]).flatMap(([breakdown, info]) =>
    info.filter ? [[info.filter, breakdown] as const] : [],
  ),
);

export interface Suggestion {
  value: string;
  label: string;
  /** Read beside the label, muted: how many visitors a property's key or value had. */
  note?: string;
}

/**
 * The values a field may be given, from what is at hand: the breakdown rows already loaded (a referrer
 * row's host, which is what the referrer filter matches), the three devices, the site's goals, or the
 * values of the property chosen, fetched for it (`propValues`).
 */
export function suggestionsFor(
  field: FilterField,
  breakdowns: Partial<Record<Breakdown, readonly BreakdownRow[]>>,
  goals: readonly GoalName[] = [],
  propValues: readonly Suggestion[] = [],
): Suggestion[] {
  if (field === 'prop') return [...propValues];
  if (field === 'goal') return goals.map((goal) => ({ value: String(goal.id), label: goal.name }));
  if (field === 'device') return DEVICES.map((value) => ({ value, label: DEVICE_NAMES[value] ?? value }));
  const breakdown = SUGGESTED_BY.get(field);
  const rows = breakdown ? (breakdowns[breakdown] ?? []) : [];
  const values = rows.map((row) => (field === 'referrer' ? (row.value.split('/')[0] ?? '') : row.value));
  return [...new Set(values)]
    .filter((value) => value !== '')
    .map((value) => ({
      value,
      label: field === 'country' ? `${countryName(value)} (${value.toUpperCase()})` : value,
    }));
}

/** The suggestions that match what is typed (in any case, in the value or its label), the chosen ones left out. */
export function matchingSuggestions(
  suggestions: readonly Suggestion[],
  typed: string,
  chosen: readonly string[],
  limit = 8,
): Suggestion[] {
  const needle = typed.trim().toLowerCase();
  return suggestions
    .filter((suggestion) => !chosen.includes(suggestion.value))
    .filter(
      (suggestion) =>
        needle === '' ||
        suggestion.value.toLowerCase().includes(needle) ||
        suggestion.label.toLowerCase().includes(needle),
    )
    .slice(0, limit);
}
