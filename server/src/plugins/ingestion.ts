import fp from 'fastify-plugin';
import type { Enrichers } from '../ingest/enrich';
import { ImportsUnderway } from '../ingest/imports-underway';
import { createIngestion, type Ingestion } from '../ingest/service';
import { PublicStatsService } from '../public-stats/public-stats';
import { SHARE_EVERY_MS } from '../rate-limit/shared-windows';
import { createTestTraffic, type TestTraffic } from '../test-site/test-traffic';
import type { App } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    ingestion: Ingestion;
    /** The imports this server is running: packing waits for them. */
    importsUnderway: ImportsUnderway;
    /** What the dashboard's test page sends: stored apart, counted nowhere. */
    testTraffic: TestTraffic;
    publicStats: PublicStatsService;
  }
}

const MINUTE = 60_000;
/**
 * With several servers (PostgreSQL), how long a company's monthly event count is trusted before it is
 * read again: the events quota is exceeded by at most what the other servers accept in this time (plus
 * their group commits under way). One server (SQLite) counts exactly and never reads again.
 */
export const USAGE_RELOAD_MS = 10_000;

/**
 * The ingestion service and the public stats for the routes. Ingestion created once, continues the visits that were open at the last
 * stop, forgets idle visits every minute, and commits what it accepted before the app closes.
 */
export const ingestionPlugin = fp(
  async (app: App, options: { enrichers: Enrichers; maxPendingEvents?: number }) => {
    const ingestion = createIngestion({
      repos: app.repos,
      enrichers: options.enrichers,
      log: app.log,
      ipLimit: app.config.ingestIpLimit,
      maxOpenVisits: app.config.maxOpenVisits,
      // One server on SQLite counts exactly in memory; servers sharing PostgreSQL share their counts.
      ...(app.db.dialect === 'postgres' && { ipLimitStore: app.repos.rateLimits }),
      ...(options.maxPendingEvents !== undefined && { maxPendingEvents: options.maxPendingEvents }),
    });
    app.decorate('ingestion', ingestion);
    app.decorate('importsUnderway', new ImportsUnderway());
    const testTraffic = createTestTraffic(ingestion.deps, app.repos);
    app.decorate('testTraffic', testTraffic);
    app.decorate(
      'publicStats',
      new PublicStatsService(app.analyticsRepos, ({ id, timezone }, days) =>
        app.analytics.run('dayTotals', { company: { id, timezone }, days }),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    let shareTimer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      const shared = app.db.dialect === 'postgres';
      shareTimer = setInterval(() => {
        if (shared) ingestion.deps.usage.expire(Date.now() - USAGE_RELOAD_MS);
        ingestion.deps.ipLimiter
          .flush(app.now().getTime())
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'ingestion: per-IP counts not shared; retrying'),
          );
      }, SHARE_EVERY_MS).unref();
      await ingestion.restoreOpenVisits(app.now().getTime());
      timer = setInterval(() => {
        ingestion.sweep(app.now().getTime());
        testTraffic.sweep(app.now().getTime());
      }, MINUTE).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(shareTimer);
      await ingestion.drain();
    });
  },
  { name: 'ingestion' },
);
