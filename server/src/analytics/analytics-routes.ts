import { AnalyticsDetailAnswer, AnalyticsQuery, IdParams, RealtimeAnswer } from '@footfall/contract';
import { canViewCompany } from '../auth/permissions';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { createValidatorCompilerWithDocumentedQuery } from '../validation/ajv';
import { queryParameters } from './query';

/**
 * `GET /api/company-visitor-analytics-detail/{company_id}` (docs/api.md "Analytics") and
 * `GET /api/company-visitor-analytics-realtime/{company_id}` (docs/api.md "Realtime"): any member (viewer and
 * up), enveloped.
 */
export async function analyticsRoutes(app: App): Promise<void> {
  app.get(
    '/api/company-visitor-analytics-detail/:id',
    {
      config: { auth: 'user', envelope: true, permission: canViewCompany },
      schema: {
        summary: 'The analytics detail of a company (enveloped)',
        description: 'docs/api.md "Analytics": summary, comparison, timeseries, realtime, breakdowns, bots.',
        security: [{ session: [] }],
        params: IdParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsDetailAnswer },
      },
      validatorCompiler: createValidatorCompilerWithDocumentedQuery(),
    },
    async (request) => {
      const { id, timezone } = companyOf(request);
      const query = queryParameters(request.url);
      return { data: await app.analytics.run('detail', { company: { id, timezone }, query }) };
    },
  );
  app.get(
    '/api/company-visitor-analytics-realtime/:id',
    {
      config: { auth: 'user', envelope: true, permission: canViewCompany },
      schema: {
        summary: 'The realtime view of a company (enveloped)',
        description:
          'docs/api.md "Realtime": visitors now, the last 30 minutes per minute, and their pages, sources, countries and events.',
        security: [{ session: [] }],
        params: IdParams,
        response: { 200: RealtimeAnswer },
      },
    },
    async (request) => {
      const { id, timezone } = companyOf(request);
      return { data: await app.analytics.run('realtime', { company: { id, timezone } }) };
    },
  );
}
