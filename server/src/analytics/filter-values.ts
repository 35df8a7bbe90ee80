// A filter's value as the query writes it (docs/api.md "Analytics"): `!` first means "is not", then `~` means
// "contains" (any case); `|` separates alternatives, any of which may match; `\!`, `\~`, `\|` and `\\`
// write those characters literally. `page=!/admin*`, `country=US|DE`, `source=~goo`.

export interface FilterExpression {
  /** "Is not": what matches none of the alternatives is kept (for visit fields, a visit without a value too). */
  negate: boolean;
  /** The alternatives are searched for, in any case, instead of compared whole. */
  contains: boolean;
  /** The texts to match, unescaped; at least one, none empty. */
  alternatives: string[];
}

/** Reads a filter's value; undefined when it names nothing (empty, or an empty alternative). */
export function parseFilter(raw: string): FilterExpression | undefined {
  let rest = raw;
  const negate = rest.startsWith('!');
  if (negate) rest = rest.slice(1);
  const contains = rest.startsWith('~');
  if (contains) rest = rest.slice(1);
  const alternatives: string[] = [];
  let current = '';
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i] as string;
    if (char === '\\' && i + 1 < rest.length && '!~|\\'.includes(rest[i + 1] as string)) {
      current += rest[i + 1];
      i++;
    } else if (char === '|') {
      alternatives.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  alternatives.push(current);
  if (alternatives.some((alternative) => alternative === '')) return undefined;
  return { negate, contains, alternatives };
}

/** The one text of a filter that is a plain "is" of one value, which a database index can look up. */
export function plainValue(expression: FilterExpression | undefined): string | undefined {
  if (!expression || expression.negate || expression.contains || expression.alternatives.length !== 1) {
    return undefined;
  }
  return expression.alternatives[0];
}

/**
 * Whether a stored value matches: any alternative, compared by `equals` (a field's own rule: exact, a page
 * prefix, a referrer's host) or, with `~`, contained in any case; then negated with `!`.
 */
export function filterMatcher(
  expression: FilterExpression,
  equals: (stored: string, text: string) => boolean,
): (stored: string) => boolean {
  const texts = expression.contains
    ? expression.alternatives.map((text) => text.toLowerCase())
    : expression.alternatives;
  const matches = expression.contains
    ? (stored: string) => {
        const lower = stored.toLowerCase();
        return texts.some((text) => lower.includes(text));
      }
    : (stored: string) => texts.some((text) => equals(stored, text));
  return expression.negate ? (stored) => !matches(stored) : matches;
}
