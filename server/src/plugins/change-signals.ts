import fp from 'fastify-plugin';
import { type ChangeSignal, type ChangeSignals, createChangeSignals } from '../cluster/change-signals';
import type { App } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cache invalidation on this server and, on PostgreSQL, on every server sharing the database. */
    changeSignals: ChangeSignals;
    /** Tells the caches that a company changed (tracking rules, plan, public stats, suspension). */
    companyChanged(companyId: number): void;
    /** Tells the caches that a plan's terms changed, for every company on it. */
    plansChanged(): void;
  }
}

/**
 * Forgets what a change makes stale in this server's memory: everything it caches about a company (its
 * settings, plan, domains and suspension for tracking, its public stats, its API keys' plan and
 * suspension), a plan's quotas, a revoked key.
 */
function forgetLocally(app: App, signal: ChangeSignal): void {
  if (signal.type === 'company-deleted') {
    // Another server deleted it: stop taking its events and calls, which could only fail later commits.
    app.ingestion.companyDeleted(signal.companyId);
    void app.apiCalls.forgetCompany(signal.companyId);
  }
  if (signal.type === 'company-changed' || signal.type === 'company-deleted') {
    app.ingestion.companyChanged(signal.companyId);
    app.publicStats.invalidate(signal.companyId);
    app.apiKeyCache.invalidateCompany(signal.companyId);
  } else if (signal.type === 'plans-changed') {
    // An admin's edit of a plan's quotas: rare, so every company's cached quotas are dropped at once.
    app.ingestion.plansChanged();
    app.apiKeyCache.clear();
  } else if (signal.type === 'api-key-revoked') {
    app.apiKeyCache.invalidate(signal.keyId);
  }
}

/** After missed signals: every cache that a signal could have cleared. */
function forgetEverything(app: App): void {
  app.ingestion.plansChanged();
  app.publicStats.clear();
  app.apiKeyCache.clear();
}

/**
 * Change signals between the servers of one database (`cluster/change-signals.ts`). Registered after the
 * ingestion and stats-API plugins, whose caches it clears; listening starts before the app is ready.
 */
export const changeSignalsPlugin = fp(
  async (app: App) => {
    const signals = createChangeSignals({
      db: app.db,
      log: app.log,
      apply: (signal) => forgetLocally(app, signal),
      forgetAll: () => forgetEverything(app),
    });
    app.decorate('changeSignals', signals);
    app.decorate('companyChanged', (companyId: number) =>
      signals.send({ type: 'company-changed', companyId }),
    );
    app.decorate('plansChanged', () => signals.send({ type: 'plans-changed' }));
    app.addHook('onReady', async () => {
      await signals.ready;
    });
    app.addHook('onClose', async () => {
      await signals.close();
    });
  },
  { name: 'change-signals', dependencies: ['ingestion', 'stats-api'] },
);
