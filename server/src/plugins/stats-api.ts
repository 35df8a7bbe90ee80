import fp from 'fastify-plugin';
import { ApiKeyCache } from '../stats-api/api-key-cache';
import { ApiQuota } from '../stats-api/api-quota';
import { ApiCallCounter } from '../stats-api/call-counter';
import type { App } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stats-API secrets → keys, briefly cached; revoking a key must call `invalidate`. */
    apiKeyCache: ApiKeyCache;
    /** Stats-API calls counted in memory and flushed to the database. */
    apiCalls: ApiCallCounter;
    /** The monthly stats-API quota, which also counts the calls it admits. */
    apiQuota: ApiQuota;
  }
}

/**
 * Counted calls reach the database this often; a crash loses at most this much of the count. Other
 * servers read it for the quota (`stats-api/api-quota.ts`): the shorter, the smaller their overshoot.
 */
export const FLUSH_EVERY_MS = 1_000;

/**
 * The stats API's shared state, for its route and for the dashboard's key and usage routes: the key
 * cache, the call counter and the quota. Counts are flushed every few seconds and when the app closes.
 */
export const statsApiPlugin = fp(
  async (app: App) => {
    const calls = new ApiCallCounter(app.repos);
    app.decorate('apiKeyCache', new ApiKeyCache(app.repos));
    app.decorate('apiCalls', calls);
    app.decorate('apiQuota', new ApiQuota(calls));

    const flush = () =>
      calls
        .flush()
        .catch((error: unknown) => app.log.warn({ err: error }, 'API call counts not flushed; retrying'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(flush, FLUSH_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await calls
        .flush()
        .catch((error: unknown) => app.log.error({ err: error }, 'API call counts lost at shutdown'));
    });
  },
  { name: 'stats-api' },
);
