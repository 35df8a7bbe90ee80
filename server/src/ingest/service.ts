import type { Repositories } from '@footfall/db';
import type { FastifyBaseLogger } from 'fastify';
import { LocalCalendar } from '../calendar/local-calendar';
import type { WindowStore } from '../rate-limit/shared-windows';
import { CompanyCache } from './company-cache';
import { ContinuedVisits } from './continued-visits';
import type { Enrichers } from './enrich';
import { EvictedVisits } from './evicted-visits';
import { IpLimiter, UsageMeter } from './limits';
import { type IngestRequest, type IngestResult, ingest } from './pipeline';
import type { PipelineDeps } from './pipeline-deps';
import { SessionTracker, VISIT_TIMEOUT_MS } from './session-tracker';
import { processVisitIds, SequenceVisitIds, type VisitIds } from './visit-ids';
import { DailySalts, RecentVisitorIds } from './visitor-id';
import { WriteBuffer } from './write-buffer';

/** How often the cache of recent visitor ids drops the visitors not seen since (their IPs are in it). */
const VISITOR_IDS_AGE_MS = 10 * 60_000;

export interface IngestionOptions {
  repos: Repositories;
  enrichers: Enrichers;
  log: FastifyBaseLogger;
  ipLimit: number;
  /** Where the per-IP counts of several servers meet (PostgreSQL); none for one server. */
  ipLimitStore?: WindowStore;
  /** Events waiting for a commit beyond which requests get 503 (default 20 000). */
  maxPendingEvents?: number;
  /** Open visits held in memory at most (`OPEN_VISITS_MB`); beyond, the database holds them. */
  maxOpenVisits: number;
}

/** The ingestion pipeline with its long-lived state: caches, open visits and the write buffer. */
export interface Ingestion {
  ingest(request: IngestRequest): Promise<IngestResult>;
  /** Continues the visits that were open when the server stopped. */
  restoreOpenVisits(now: number): Promise<void>;
  /** Forgets cached settings of a company after they changed. */
  companyChanged(companyId: number): void;
  /**
   * Stops taking a company's events before it is deleted: its key answers as unknown, and events already
   * accepted are dropped at the commit. `settle` afterwards waits out the commits already under way.
   */
  companyDeleted(companyId: number): void;
  /** Resolves once the commits under way now are done. */
  settle(): Promise<void>;
  /** Forgets every company's cached plan quotas, after an admin changed a plan's terms. */
  plansChanged(): void;
  /** Forgets visits idle for more than 30 minutes, and every 10 minutes the visitors not seen since. */
  sweep(now: number): void;
  /** Commits everything accepted so far (shutdown). */
  drain(): Promise<void>;
  readonly deps: PipelineDeps;
}

export function createIngestion(options: IngestionOptions): Ingestion {
  const { repos, log } = options;
  const companies = new CompanyCache(repos);
  const shared = repos.tracking.sharesVisits;
  const visitIds: VisitIds = shared
    ? new SequenceVisitIds(() => repos.tracking.takeVisitIdBlock())
    : processVisitIds;
  // Open visits that leave a full memory: on SQLite written to `open_visits` and remembered in a filter, so
  // that their visitors' next events look them up; on PostgreSQL every commit keeps that table already.
  const evicted = shared ? undefined : new EvictedVisits();
  const sessions = new SessionTracker(visitIds, {
    capacity: options.maxOpenVisits,
    onEvict(visits) {
      if (!evicted) return;
      for (const visit of visits)
        evicted.add(visit.companyId, visit.visitorId, visit.lastActivityAt.getTime());
      repos.tracking
        .keepOpenVisits(visits)
        .catch((error: unknown) => log.error({ err: error }, 'ingestion: open visits could not be kept'));
    },
  });
  const deps: PipelineDeps = {
    companies,
    calendar: new LocalCalendar(),
    enrichers: options.enrichers,
    salts: new DailySalts(repos),
    visitorIds: new RecentVisitorIds(),
    sessions,
    visitIds,
    continuedVisits: new ContinuedVisits(repos, shared, evicted),
    usage: new UsageMeter(repos),
    ipLimiter: new IpLimiter(options.ipLimit, undefined, options.ipLimitStore),
    buffer: new WriteBuffer({
      write: (batch) => repos.tracking.write(batch),
      live: true,
      maxPendingEvents: options.maxPendingEvents ?? 20_000,
      onError: (error) => log.error({ err: error }, 'ingestion: a group commit failed'),
      isDropped: (companyId) => companies.isDeleted(companyId),
      anyDropped: () => companies.anyDeleted(),
    }),
  };
  let lastAged = 0;
  return {
    deps,
    ingest: (request) => ingest(deps, request),
    async restoreOpenVisits(now) {
      const since = new Date(now - VISIT_TIMEOUT_MS);
      const recent = await repos.tracking.openSessions(since, options.maxOpenVisits);
      deps.sessions.restore(recent, now);
      // More were open than memory holds: the rest continue from the database, found by any visitor.
      if (evicted && recent.length >= options.maxOpenVisits) {
        await repos.tracking.keepRecentVisits(since);
        evicted.addEveryone(now + VISIT_TIMEOUT_MS);
      }
    },
    companyChanged(companyId) {
      deps.companies.invalidate(companyId);
      deps.salts.forget(companyId);
    },
    companyDeleted(companyId) {
      deps.companies.markDeleted(companyId);
      deps.salts.forget(companyId);
    },
    plansChanged() {
      deps.companies.clear();
    },
    sweep(now) {
      deps.sessions.sweep(now);
      evicted?.expire(now);
      if (now - lastAged >= VISITOR_IDS_AGE_MS) {
        deps.visitorIds.age();
        lastAged = now;
      }
    },
    settle: () => deps.buffer.settle(),
    drain: () => deps.buffer.drain(),
  };
}
