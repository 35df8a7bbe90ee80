import type { FilterExpression } from '@footfall/contract/rules';
import { containsAny, startsWithAny } from './text-set';

// How a filter's value, read by the contract's grammar (`parseFilter`), is matched against stored values.

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
