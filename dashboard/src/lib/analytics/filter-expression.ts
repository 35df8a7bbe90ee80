import { parseFilter, printFilter } from '@footfall/contract/rules';

// A filter's value as the editor sees it: an operator and its values, over the contract's grammar
// (`@footfall/contract/rules`), which the server reads with too.

export { escapeFilterValue } from '@footfall/contract/rules';

export const FILTER_OPERATORS = ['is', 'is_not', 'contains', 'does_not_contain'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** How an operator reads between a field and its values: "Country is not US or DE". */
export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  does_not_contain: 'does not contain',
};

/** What a filter's value says: how it compares, and the texts it compares with (unescaped, none empty). */
export interface FilterCondition {
  operator: FilterOperator;
  values: string[];
}

const OPERATOR_OF: Record<`${boolean}/${boolean}`, FilterOperator> = {
  'false/false': 'is',
  'true/false': 'is_not',
  'false/true': 'contains',
  'true/true': 'does_not_contain',
};

export const isNegated = (operator: FilterOperator): boolean =>
  operator === 'is_not' || operator === 'does_not_contain';

export const isContains = (operator: FilterOperator): boolean =>
  operator === 'contains' || operator === 'does_not_contain';

/** The value the API reads as `condition`; an empty text when it has no value to compare with. */
export function encodeFilter({ operator, values }: FilterCondition): string {
  return printFilter({ negate: isNegated(operator), contains: isContains(operator), alternatives: values });
}

/**
 * A filter's value read as the API reads it; undefined when it names nothing (empty, or an empty
 * alternative), which the API refuses.
 */
export function decodeFilter(raw: string): FilterCondition | undefined {
  const expression = parseFilter(raw);
  if (!expression) return undefined;
  const { negate, contains, alternatives } = expression;
  return { operator: OPERATOR_OF[`${negate}/${contains}`], values: alternatives };
}

/**
 * The values a typed text adds: split at commas (the editor's separator), trimmed, empty pieces dropped.
 * A value with a comma in it comes from a suggestion, which is added whole.
 */
export function splitTypedValues(text: string): string[] {
  return text
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
}
