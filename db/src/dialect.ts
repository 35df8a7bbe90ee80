// What differs between the two databases beyond the schema files. The repositories need no
// dialect-specific SQL; what remains is how each driver reports a failed constraint.

const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const PG_UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` comes from a unique or primary-key constraint, on either database. drizzle wraps
 * node-postgres errors in a `DrizzleQueryError` (the driver's error is its `cause`) but lets
 * better-sqlite3's errors through unwrapped, so the whole cause chain is searched.
 */
/**
 * Whether an error says the storage is full: SQLite's `SQLITE_FULL`, the system's `ENOSPC`, or PostgreSQL's
 * class 53, insufficient resources (`53100` disk full, out of memory, too many connections). The server
 * answers these 503 with `Retry-After`: the request was fine, the server cannot take it now.
 */
export function isStorageFull(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (code === 'SQLITE_FULL' || code === 'ENOSPC' || /^53[0-9A-Z]{3}$/.test(code))
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

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
