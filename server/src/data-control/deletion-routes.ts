import { DataRangeAnswer, DataRangeQuery, IdParams } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import { canDeleteData } from '../auth/permissions';
import { todayIn } from '../calendar/local-days';
import { validation } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { deleteDays } from './delete-range';

/** Whether `text` is a real calendar date written `YYYY-MM-DD`. */
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The range, checked as a whole: every problem in one 422. */
function checkedRange(query: DataRangeQuery, company: CompanyForUser, now: number): DataRangeQuery {
  const errors: Record<string, string[]> = {};
  const today = todayIn(company.timezone, now);
  for (const field of ['from', 'to'] as const) {
    if (!isDate(query[field])) errors[field] = [`The ${field} field must be a date written YYYY-MM-DD.`];
    else if (query[field] > today)
      errors[field] = [`The ${field} field must not be after today (${today} in the site's time zone).`];
  }
  if (!errors.from && !errors.to && query.to < query.from)
    errors.to = ['The to field must be a date on or after from.'];
  if (Object.keys(errors).length > 0) throw validation(errors);
  return query;
}

/**
 * `GET` and `DELETE /api/companies/{id}/data?from=&to=` (owner): how much deleting the site's data of those
 * local days removes, and deleting it for good, figures included (docs/api.md "Data control").
 */
export async function dataDeletionRoutes(app: App): Promise<void> {
  const route = (dryRun: boolean) => ({
    config: { auth: 'user' as const, permission: canDeleteData },
    schema: {
      summary: dryRun
        ? 'How many events and visits deleting these days would remove'
        : 'Deletes the events, visits and figures of these days for good',
      params: IdParams,
      querystring: DataRangeQuery,
      response: { 200: DataRangeAnswer },
    },
  });
  for (const dryRun of [true, false]) {
    app.route({
      method: dryRun ? 'GET' : 'DELETE',
      url: '/api/companies/:id/data',
      ...route(dryRun),
      handler: async (request) => {
        const company = companyOf(request);
        const query = request.query as DataRangeQuery;
        const { from, to } = checkedRange(query, company, app.now().getTime());
        const counts = await deleteDays(app.repos, company, from, to, dryRun);
        // The public widget's sums and the tracking caches read the days just emptied.
        if (!dryRun) {
          app.companyChanged(company.id);
          await app.audit.record(request, {
            action: 'data.deleted_range',
            target: { type: 'site', id: company.id, label: company.name },
            details: { from, to, ...counts },
          });
        }
        return { data: { from, to, ...counts } };
      },
    });
  }
}
