import fp from 'fastify-plugin';
import type { Enrichers } from '../ingest/enrich';
import { ImportsUnderway } from '../ingest/imports-underway';
import { createIngestion, type Ingestion } from '../ingest/service';
import { PublicStatsService } from '../public-stats';
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
    /** Tells the caches that a company changed (tracking rules, plan, public stats, suspension). */
    companyChanged(companyId: number): void;
    /** Tells the caches that a plan's terms changed, for every company on it. */
    plansChanged(): void;
  }
}

const MINUTE = 60_000;

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
      ...(options.maxPendingEvents !== undefined && { maxPendingEvents: options.maxPendingEvents }),
    });
    app.decorate('ingestion', ingestion);
    app.decorate('importsUnderway', new ImportsUnderway());
    const testTraffic = createTestTraffic(ingestion.deps, app.repos);
    app.decorate('testTraffic', testTraffic);
    app.decorate('publicStats', new PublicStatsService(app.repos));
    // Everything this server caches about a company: its settings and plan for tracking, its public stats,
    // and its API keys' plan and suspension (the stats API's cache, decorated by its own plugin).
    app.decorate('companyChanged', (companyId: number) => {
      ingestion.companyChanged(companyId);
      app.publicStats.invalidate(companyId);
      app.apiKeyCache.invalidateCompany(companyId);
    });
    // An admin's edit of a plan's quotas: rare, so every company's cached quotas are dropped at once.
    app.decorate('plansChanged', () => {
      ingestion.plansChanged();
      app.apiKeyCache.clear();
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await ingestion.restoreOpenVisits(app.now().getTime());
      timer = setInterval(() => {
        ingestion.sweep(app.now().getTime());
        testTraffic.sweep(app.now().getTime());
      }, MINUTE).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await ingestion.drain();
    });
  },
  { name: 'ingestion' },
);
