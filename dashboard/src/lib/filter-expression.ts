// A filter's value as the analytics API reads it (docs/api.md "Analytics"), written and read back by the dashboard:
// `!` first means "is not", then `~` means "contains" (in any case); `|` separates alternatives, any of
// which may match; `\!`, `\~`, `\|` and `\\` write those characters literally. The server's reader is
// server/src/analytics/filter-values.ts; tests/filter-values-interop.test.ts holds the two together.

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

/**
 * One value as an alternative that means exactly it: `\` and `|` anywhere, and a leading `!` or `~` (which
 * would read as an operator), are written escaped. Other characters stay as they are, so URLs stay legible.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\|]/g, (char) => `\\${char}`).replace(/^[!~]/, (char) => `\\${char}`);
}

/** The value the API reads as `condition`; an empty text when it has no value to compare with. */
export function encodeFilter({ operator, values }: FilterCondition): string {
  const kept = values.filter((value) => value !== '');
  if (kept.length === 0) return '';
  return `${isNegated(operator) ? '!' : ''}${isContains(operator) ? '~' : ''}${kept
    .map(escapeFilterValue)
    .join('|')}`;
}

/**
 * A filter's value read as the API reads it; undefined when it names nothing (empty, or an empty
 * alternative), which the API refuses. A backslash before any other character is kept as written.
 */
export function decodeFilter(raw: string): FilterCondition | undefined {
  let rest = raw;
  const negate = rest.startsWith('!');
  if (negate) rest = rest.slice(1);
  const contains = rest.startsWith('~');
  if (contains) rest = rest.slice(1);
  const values: string[] = [];
  let current = '';
  for (let index = 0; index < rest.length; index += 1) {
    const char = rest[index] as string;
    const next = rest[index + 1];
    if (char === '\\' && next !== undefined && '!~|\\'.includes(next)) {
      current += next;
      index += 1;
    } else if (char === '|') {
      values.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  values.push(current);
  if (values.some((value) => value === '')) return undefined;
  return { operator: OPERATOR_OF[`${negate}/${contains}`], values };
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
