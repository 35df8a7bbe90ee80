import { ApiUsageAnswer, ApiUsageQuery, IdParams, UsageAnswer } from '@footfall/contract';
import { canViewCompany } from '../auth/permissions';
import { addDays, todayIn } from '../calendar/local-days';
import { fieldError } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { billingPeriod } from './billing-period';
import { apiUsageReport } from './usage-report';

/** The report's default range: the last 30 days, today included. */
const DEFAULT_REPORT_DAYS = 30;

/**
 * `GET /api/companies/{id}/usage` and `GET /api/companies/{id}/api-usage` (docs/api.md "Conventions" and "Stats API, keys and usage"): any member, viewers included.
 * Both include the stats-API calls not yet flushed to the database.
 */
export async function usageRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/usage',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: UsageAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const now = app.now().getTime();
      const period = billingPeriod(company.timezone, now);
      const plan = await app.repos.plans.findBySlug(company.plan);
      if (!plan) throw new Error(`Company ${company.id} is on a plan that does not exist.`);
      return {
        data: {
          period_start: period.firstDay,
          period_end: period.lastDay,
          events_used: await app.repos.tracking.monthlyEvents(company.id, period.month),
          events_quota: plan.eventsQuota,
          api_calls_used: await app.apiQuota.used(company.id, period, now),
          api_calls_quota: plan.apiCallsQuota,
        },
      };
    },
  );

  app.get(
    '/api/companies/:id/api-usage',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, querystring: ApiUsageQuery, response: { 200: ApiUsageAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const to = request.query.to ?? todayIn(company.timezone, app.now().getTime());
      const from = request.query.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
      if (to < from) throw fieldError('to', 'The to field must be a date after or equal to from.');
      return apiUsageReport(await app.apiCalls.daily(company.id, from, to));
    },
  );
}
