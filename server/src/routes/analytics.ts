import { AnalyticsDetailAnswer, AnalyticsQuery, IdParams } from '@footfall/contract';
import { analyticsDetail } from '../analytics/detail';
import { queryParameters } from '../analytics/query';
import type { App } from '../types';
import { createValidatorCompilerWithDocumentedQuery } from '../validation/ajv';
import { companyForCaller } from './companies';

/** `GET /api/company-visitor-analytics-detail/{company_id}` (API.md §6): any member, enveloped. */
export async function analyticsRoutes(app: App): Promise<void> {
  app.get(
    '/api/company-visitor-analytics-detail/:id',
    {
      config: { auth: 'user', envelope: true },
      schema: {
        summary: 'The analytics detail of a company (enveloped)',
        description: 'API.md §6: summary, comparison, timeseries, realtime, breakdowns, bots.',
        security: [{ session: [] }],
        params: IdParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsDetailAnswer },
      },
      validatorCompiler: createValidatorCompilerWithDocumentedQuery(),
    },
    async (request) => {
      const company = await companyForCaller(app, request, request.params.id);
      return { data: await analyticsDetail(app, company, queryParameters(request.url)) };
    },
  );
}
