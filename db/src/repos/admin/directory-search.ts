import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * A LIKE pattern matching values that contain `text`, lower-cased, with `%`, `_` and the escape character
 * itself escaped, so that a search for `50%` finds "50%" and not every value with a "50" in it.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Whether a column's lower-cased value matches a pattern of `containsPattern`. LIKE is case-insensitive on
 * SQLite (ASCII only) and case-sensitive on PostgreSQL: lowering both sides makes them agree.
 */
export function likeLower(column: SQLiteColumn | SQL, pattern: string): SQL {
  return sql`lower(${column}) like ${pattern} escape '\\'`;
}

/** Where a page of a list starts: `page` counts from 1. */
export interface PageWindow {
  offset: number;
  limit: number;
}
