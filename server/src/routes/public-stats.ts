import { PublicStatsAnswer, TrackingKeyParams } from '@footfall/contract';
import { notFound } from '../errors';
import type { App } from '../types';

/**
 * `GET /api/public/companies/{tracking_key}/stats`, read by the widget on other sites: CORS `*`, cacheable
 * for a minute, no cookie; 404 unless the company publishes its stats.
 */
export async function publicStatsRoutes(app: App): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  });

  app.get(
    '/api/public/companies/:tracking_key/stats',
    { config: { xsrf: false }, schema: { params: TrackingKeyParams, response: { 200: PublicStatsAnswer } } },
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
}
