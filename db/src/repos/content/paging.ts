import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Which page of a list to read: `page` counts from 1. */
export interface PageRequest {
  page: number;
  perPage: number;
}

/** One page of rows and the size of the whole list. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export const offsetOf = ({ page, perPage }: PageRequest): number => (page - 1) * perPage;

/** `text` as a LIKE pattern that matches it literally anywhere: `%`, `_` and `\` lose their meaning. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Whether any of `columns`, lower-cased, contains `text` (case-insensitive on both databases: PostgreSQL's
 * LIKE is case-sensitive, SQLite's is not). `escape '\'` means the same on both, since PostgreSQL's
 * standard-conforming strings keep the backslash as it is.
 */
export function anyContains(columns: AnyColumn[], text: string): SQL {
  const pattern = containsPattern(text);
  const tests = columns.map((column) => sql`lower(coalesce(${column}, '')) like ${pattern} escape '\\'`);
  return sql`(${sql.join(tests, sql` or `)})`;
}
