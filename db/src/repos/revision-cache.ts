import { randomInt } from 'node:crypto';
import { LRUCache } from 'lru-cache';

// The analytics read the same stored rows again and again (a dashboard's every filter scans the period's
// packed days; every unfiltered query adds up its daily rollups), and those rows change seldom. So the rows
// last read are kept in memory, up to a budget, and checked against the row's `revision` at every read: a
// server never answers from a row that another server has since rewritten. On PostgreSQL this matters most:
// a large value arrives pglz-compressed and, for a bytea, as hex text twice its size, so reading it costs
// more than using it.

/** The memory the rows last read may hold, unless configured otherwise. */
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;
/** What an entry costs beyond its data: its key, its object and its place in the cache. */
const ENTRY_OVERHEAD = 256;

/**
 * A new revision for a row being written. Random rather than counted up, so that a row deleted and written
 * again (or a company id reused after a delete) never comes back with a revision that a copy in memory holds.
 * Two writes of one row draw the same revision once in 2^31, the only way a stale copy could be served.
 */
export const newRevision = (): number => randomInt(1, 2 ** 31 - 1);

/** A row as listed: its key in the cache and its revision in the database. */
export interface ListedRow {
  key: string;
  revision: number;
}

/** A row as fetched, with what it costs to hold. */
export interface FetchedRow<T> extends ListedRow {
  value: T;
  bytes: number;
}

interface Entry {
  revision: number;
  value: unknown;
}

export type RevisionCache = ReturnType<typeof createRevisionCache>;

/** One budget for every kind of row; keys start with the kind (`segment:…`, `rollup:…`). 0 bytes holds none. */
export function createRevisionCache(maxBytes: number = DEFAULT_CACHE_BYTES) {
  const cache = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes }) : undefined;

  return {
    /**
     * The values of the rows `listed` (in that order): those held in memory at the listed revision, and the
     * others as `fetch` reads them. A row that `fetch` no longer finds (deleted meanwhile) is left out.
     */
    async read<Listed extends ListedRow, T>(
      listed: readonly Listed[],
      fetch: (missing: readonly Listed[]) => Promise<FetchedRow<T>[]>,
    ): Promise<T[]> {
      // Taken from the cache first: storing what is fetched below may evict them.
      const answer = new Map<string, T>();
      const missing: Listed[] = [];
      for (const row of listed) {
        const held = cache?.get(row.key);
        if (held?.revision === row.revision) answer.set(row.key, held.value as T);
        else missing.push(row);
      }
      if (missing.length > 0) {
        for (const row of await fetch(missing)) {
          answer.set(row.key, row.value);
          const entry = { revision: row.revision, value: row.value };
          cache?.set(row.key, entry, { size: row.bytes + ENTRY_OVERHEAD });
        }
      }
      return listed.flatMap((row) => (answer.has(row.key) ? [answer.get(row.key) as T] : []));
    },
  };
}
