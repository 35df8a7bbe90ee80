import type { Db } from '../create-db';
import { createAnalyticsRepository } from './analytics/analytics';
import { createRollupsRepository } from './analytics/rollups';
import { createSegmentsRepository } from './analytics/segments';
import { createVisitCountsRepository } from './analytics/visit-counts';
import type { Repositories } from './repositories';
import type { RevisionCache } from './revision-cache';

// Where reads go when a PostgreSQL read replica is configured (`DATABASE_READ_URL`): the one place that
// decides it.
//
// A streaming replica answers as of a moment ago (milliseconds, usually; see docs/scaling.md). That is fine
// for figures about traffic, which keeps arriving anyway: the analytics detail (dashboard, stats API,
// shared links, e-mail reports), the sites overview, funnel reports, the public widget, the realtime count
// and the alerts on today's figures. So the repositories of those figures — raw visits and events, packed
// days, daily rollups, visit counts — read from the replica in the set below, and only their read methods
// do: their writes (a rollup built on a read, a pack) always go to the primary, through `db.orm`. A rollup
// built from the replica is dated back by the replica's lag (`rollups.readLagMs`), so it never passes for
// final without commits the replica had not yet replayed.
//
// Everything else reads the primary, because someone just wrote it or is about to write from it:
// - what a user or admin changes and then sees (companies and their settings, goals, funnels, annotations,
//   shared links, members, the admin area's company and user lists, which an admin re-reads after a
//   suspension): read-your-writes. The admin overview stays there too: it reads counters and remembers
//   each rollup's count at its revision, so it costs the primary little;
// - sign-in, sessions, two-factor, rate limits, API keys: a stale row would refuse a fresh token or let a
//   revoked one pass;
// - ingestion and its caches, imports, deletions, exports, billing and the scheduler's leases and claims:
//   they read to decide what to write;
// - maintenance (packing, retention), which deletes raw rows after reading them, so it must read what it
//   deletes, and the "no traffic" alert, which a lagging replica would set off;
// - the test-site page's feed of recent events, which a user watches to see their own event arrive.
// Those callers use `app.repos`, whose repositories all read the primary; the analytics answers use the set
// built here (`app.analyticsRepos`), which differs only in the repositories named below.

/** The repositories whose reads the analytics answers may take from a replica. */
export type ReplicaReadRepositories = Pick<
  Repositories,
  'analytics' | 'segments' | 'rollups' | 'visitCounts'
>;

/**
 * `repos` with the analytics' read repositories on `db.reads` (the replica), or `repos` itself when there is
 * no replica. The rows' cache is shared: a row is held at its revision, which is the same on both servers.
 */
export function withReplicaReads(db: Db, repos: Repositories, cache: RevisionCache): Repositories {
  if (!db.hasReadReplica) return repos;
  const replicaReads: ReplicaReadRepositories = {
    analytics: createAnalyticsRepository(db, db.reads),
    segments: createSegmentsRepository(db, cache, db.reads),
    rollups: createRollupsRepository(db, cache, db.reads),
    visitCounts: createVisitCountsRepository(db, db.reads),
  };
  return { ...repos, ...replicaReads };
}
