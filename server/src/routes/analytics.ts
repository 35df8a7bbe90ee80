import { AnalyticsDetailAnswer, IdParams } from '@footfall/contract';
import { analyticsDetail } from '../analytics/detail';
import { queryParameters } from '../analytics/query';
import type { App } from '../types';
import { companyForCaller } from './companies';

/** `GET /api/company-visitor-analytics-detail/{company_id}` (API.md §6): any member, enveloped. */
export async function analyticsRoutes(app: App): Promise<void> {
  app.get(
    '/api/company-visitor-analytics-detail/:id',
    {
      config: { auth: 'user', envelope: true },
      schema: { params: IdParams, response: { 200: AnalyticsDetailAnswer } },
    },
    async (request) => {
      const company = await companyForCaller(app, request, request.params.id);
      return { data: await analyticsDetail(app, company, queryParameters(request.url)) };
    },
  );
}
