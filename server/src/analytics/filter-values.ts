import { containsAny, startsWithAny } from '../matching/text-set';

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
 * How a field compares a stored value with a filter's text: `exact`; `page`, exact or a prefix when the
 * text ends with `*`; `referrer`, whose stored `host/path` matches the host it starts with.
 */
export type FilterComparison = 'exact' | 'page' | 'referrer';

/**
 * Whether a stored value matches: any alternative, compared by the field's rule or, with `~`, contained in
 * any case; then negated with `!`. Each test of a value costs time linear in its length, however many
 * alternatives the filter has (docs/api.md "Limits that hold under attack"): exact texts are a set,
 * prefixes a trie, and the texts searched for one automaton.
 */
export function filterMatcher(
  expression: FilterExpression,
  comparison: FilterComparison,
): (stored: string) => boolean {
  const matches = expression.contains
    ? containedIn(expression.alternatives)
    : comparison === 'page'
      ? pageMatcher(expression.alternatives)
      : comparison === 'referrer'
        ? referrerMatcher(expression.alternatives)
        : exactMatcher(expression.alternatives);
  return expression.negate ? (stored) => !matches(stored) : matches;
}

function containedIn(alternatives: readonly string[]): (stored: string) => boolean {
  const contains = containsAny(alternatives.map((text) => text.toLowerCase()));
  return (stored) => contains(stored.toLowerCase());
}

function exactMatcher(alternatives: readonly string[]): (stored: string) => boolean {
  const texts = new Set(alternatives);
  return (stored) => texts.has(stored);
}

function pageMatcher(alternatives: readonly string[]): (stored: string) => boolean {
  const exact = exactMatcher(alternatives.filter((text) => !text.endsWith('*')));
  const prefixes = alternatives.filter((text) => text.endsWith('*')).map((text) => text.slice(0, -1));
  const prefixed = prefixes.length > 0 ? startsWithAny(prefixes) : () => false;
  return (stored) => exact(stored) || prefixed(stored);
}

/** Referrers are stored as `host/path`; the filter names a host, so a text holding `/` matches nothing. */
function referrerMatcher(alternatives: readonly string[]): (stored: string) => boolean {
  const hosts = exactMatcher(alternatives.filter((text) => !text.includes('/')));
  return (stored) => {
    const slash = stored.indexOf('/');
    return hosts(slash < 0 ? stored : stored.slice(0, slash));
  };
}
