import type { Db } from '../create-db';
import { withReplicaReads } from './read-routing';
import { primaryRepositories, type Repositories } from './repositories';
import { createRevisionCache } from './revision-cache';

export type { Repositories } from './repositories';

export interface RepositoryOptions {
  /** Memory for the analytics rows last read (`revision-cache.ts`); 0 reads every row from the database. */
  analyticsCacheBytes?: number;
}

/**
 * Every repository over one database, every read on the primary. They hold no state beyond `db` but the
 * analytics' cache, which is checked against the database at every read: one set serves the process, and
 * many processes may share the database.
 */
export function createRepositories(db: Db, options: RepositoryOptions = {}) {
  return primaryRepositories(db, createRevisionCache(options.analyticsCacheBytes));
}

/** The two sets a server uses: see `read-routing.ts` for which reads go where, and why. */
export interface RepositorySets {
  /** Every repository reading and writing the primary. */
  repos: Repositories;
  /** `repos`, with the analytics' reads on the read replica when there is one (else `repos` itself). */
  analyticsRepos: Repositories;
}

/** Both sets over one database, sharing the analytics' cache of rows read. */
export function createRepositorySets(db: Db, options: RepositoryOptions = {}): RepositorySets {
  const analyticsCache = createRevisionCache(options.analyticsCacheBytes);
  const repos = primaryRepositories(db, analyticsCache);
  return { repos, analyticsRepos: withReplicaReads(db, repos, analyticsCache) };
}
