import { AnalyticsDetailAnswer, AnalyticsQuery, messages, StatsApiParams } from '@footfall/contract';
import { queryParameters } from '../analytics/query';
import { forbidden } from '../errors';
import { apiKeyAuthPlugin, currentApiKey } from '../plugins/api-key-auth';
import { securityHeadersPlugin } from '../plugins/security-headers';
import type { App } from '../types';
import { createValidatorCompilerWithDocumentedQuery } from '../validation/ajv';
import { admitCall, endpointOf } from './admit-call';

/**
 * `GET /api/v1/stats/{company_id}` (docs/api.md "Stats API, keys and usage"): the analytics detail as plain JSON for outside programs,
 * with a stats-API key. Checked in order: key (401), path id (404), the key's company (403), the monthly
 * quota (429), then the call is counted and the query read (422 for a bad one, counted all the same).
 *
 * Registered outside the dashboard's context (see app.ts): no XSRF check and no cookie, no bearer session,
 * no envelope. Only this context's own key check runs.
 */
export async function statsApiRoutes(app: App): Promise<void> {
  await app.register(securityHeadersPlugin, { https: app.config.appUrl.startsWith('https:') });
  await app.register(apiKeyAuthPlugin);

  app.get(
    '/api/v1/stats/:company_id',
    {
      schema: {
        summary: "A company's analytics, for outside programs",
        description:
          'The same query and answer as the analytics detail, as plain JSON, with a stats-API key. Each call ' +
          "counts toward the plan's monthly API quota (429 with Retry-After past it).",
        security: [{ apiKey: [] }],
        params: StatsApiParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsDetailAnswer },
      },
      validatorCompiler: createValidatorCompilerWithDocumentedQuery(),
    },
    async (request) => {
      const key = currentApiKey(request);
      if (request.params.company_id !== key.companyId) {
        throw forbidden('This API key belongs to another company.');
      }
      if (key.companySuspendedAt) throw forbidden(messages.companySuspended);
      await admitCall(app, key, endpointOf(request));
      const company = { id: key.companyId, timezone: key.timezone };
      return { data: await app.analytics.run('detail', { company, query: queryParameters(request.url) }) };
    },
  );
}
