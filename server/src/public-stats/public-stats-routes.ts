import fastifyCors from '@fastify/cors';
import { PublicStatsAnswer, TrackingKeyParams } from '@footfall/contract';
import { notFound } from '../errors';
import type { App } from '../types';

/**
 * `GET /api/public/companies/{tracking_key}/stats`, read by the widget on other sites: CORS `*`, cacheable
 * for a minute, no cookie; 404 unless the company publishes its stats.
 */
export async function publicStatsRoutes(app: App): Promise<void> {
  // A scope under its own path: @fastify/cors adds a catch-all OPTIONS route at its scope's prefix. The
  // widget's GET needs no preflight, so that route answers 404 as before.
  await app.register(
    async (scope: App) => {
      await scope.register(fastifyCors, { origin: '*', preflight: false });
      scope.addHook('onRequest', async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });

      scope.get(
        '/companies/:tracking_key/stats',
        {
          config: { xsrf: false },
          schema: { params: TrackingKeyParams, response: { 200: PublicStatsAnswer } },
        },
        async (request, reply) => {
          const now = app.now().getTime();
          // A suspended company's widget is gone too; ingestion's company cache answers from memory.
          const company = await app.ingestion.deps.companies.get(request.params.tracking_key, now);
          if (company?.suspendedAt) throw notFound();
          const stats = await app.publicStats.get(request.params.tracking_key, now);
          if (!stats) throw notFound();
          reply.header('cache-control', 'public, max-age=60');
          return { data: stats };
        },
      );
    },
    { prefix: '/api/public' },
  );
}
