import { AnalyticsQuery, FunnelParams, FunnelReportAnswer } from '@footfall/contract';
import { parseAnalyticsQuery, queryParameters } from '../analytics/query';
import { canViewCompany } from '../auth/permissions';
import { notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { createValidatorCompilerWithDocumentedQuery } from '../validation/ajv';

/**
 * `GET /api/companies/{id}/funnels/{funnel_id}/report` (docs/api.md "Funnels"): the funnel over the
 * detail's period and filters, for every member.
 */
export async function funnelReportRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/funnels/:funnel_id/report',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: {
        summary: "A funnel's report",
        description:
          'Visitors reaching each step, drop-off and conversion rate, with the detail’s period and filters.',
        security: [{ session: [] }],
        params: FunnelParams,
        querystring: AnalyticsQuery,
        response: { 200: FunnelReportAnswer },
      },
      validatorCompiler: createValidatorCompilerWithDocumentedQuery(),
    },
    async (request) => {
      const company = companyOf(request);
      // A bad query is 422 whether or not the funnel exists, as the detail's is.
      const query = parseAnalyticsQuery(queryParameters(request.url));
      const funnel = await app.repos.funnels.find(company.id, request.params.funnel_id);
      if (!funnel) throw notFound();
      const { id, timezone } = company;
      const steps = { id: funnel.id, name: funnel.name, steps: funnel.steps };
      return {
        data: await app.analytics.run('funnelReport', {
          company: { id, timezone },
          funnel: steps,
          request: query,
        }),
      };
    },
  );
}
