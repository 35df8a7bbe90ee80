import type { Filter, Filters, PropFilter } from '../analytics/analytics-constants';

// A filter's value as the analytics query writes it (docs/api.md "Analytics"), read by the server and
// written and read back by the dashboard: `!` first means "is not", then `~` means "contains" (in any
// case); `|` separates alternatives, any of which may match; `\!`, `\~`, `\|` and `\\` write those
// characters literally, and a backslash before any other character is kept as written.
// `page=!/admin*`, `country=US|DE`, `source=~goo`.

export interface FilterExpression {
  /** "Is not": what matches none of the alternatives is kept (for visit fields, a visit without a value too). */
  negate: boolean;
  /** The alternatives are searched for, in any case, instead of compared whole. */
  contains: boolean;
  /** The texts to match, unescaped; at least one, none empty. */
  alternatives: string[];
}

const ESCAPED = '!~|\\';

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
    const next = rest[i + 1];
    if (char === '\\' && next !== undefined && ESCAPED.includes(next)) {
      current += next;
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

/**
 * One text as an alternative that means exactly it: `\` and `|` anywhere, and a leading `!` or `~` (which
 * would read as an operator), are written escaped. Other characters stay as they are, so URLs stay legible.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\|]/g, (char) => `\\${char}`).replace(/^[!~]/, (char) => `\\${char}`);
}

/** The value that `parseFilter` reads as `expression`, empty alternatives left out; empty without any. */
export function printFilter({ negate, contains, alternatives }: FilterExpression): string {
  const kept = alternatives.filter((alternative) => alternative !== '');
  if (kept.length === 0) return '';
  return `${negate ? '!' : ''}${contains ? '~' : ''}${kept.map(escapeFilterValue).join('|')}`;
}

/**
 * A query's filters by name, each read once (`parseFilters`) where the query is read: what the scans and
 * the database's conditions take, so none of them parses a filter's text again.
 */
export type ParsedFilters = Partial<Record<Filter, FilterExpression>> & {
  [filter: PropFilter]: FilterExpression;
};

/** Reads every filter of `filters`; those that name nothing (refused where the query is checked) are left out. */
export function parseFilters(filters: Filters): ParsedFilters {
  const parsed: ParsedFilters = {};
  for (const [name, raw] of Object.entries(filters) as [Filter | PropFilter, string][]) {
    const expression = parseFilter(raw);
    if (expression) parsed[name] = expression;
  }
  return parsed;
}
