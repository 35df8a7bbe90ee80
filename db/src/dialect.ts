// What differs between the two databases beyond the schema files. The repositories need no
// dialect-specific SQL; what remains is how each driver reports a failed constraint.

const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const PG_UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` comes from a unique or primary-key constraint, on either database. drizzle wraps
 * node-postgres errors in a `DrizzleQueryError` (the driver's error is its `cause`) but lets
 * better-sqlite3's errors through unwrapped, so the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === PG_UNIQUE_VIOLATION || (typeof code === 'string' && SQLITE_UNIQUE_CODES.has(code))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}
