import {
  EmailReportPreviewAnswer,
  EmailReportPreviewQuery,
  EmailReportSettings,
  EmailReportSettingsAnswer,
  IdParams,
} from '@footfall/contract';
import { changedFields } from '../audit/safe-details';
import { canViewCompany } from '../auth/permissions';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { reportFigures } from './report-figures';
import { reportHtml } from './report-html';
import { reportForMember } from './report-mail';
import { lastCompletePeriod } from './report-period';
import { reportText } from './report-text';

/**
 * `/api/companies/{id}/email-reports[/preview]` (docs/api.md "E-mail reports"): every member chooses their
 * own reports for a site, and sees the report they would get for its last complete period.
 */
export async function emailReportRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/email-reports',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: EmailReportSettingsAnswer } },
    },
    async (request) => ({
      data: await app.repos.emailReports.switches(companyOf(request).id, currentUser(request).id),
    }),
  );

  app.put(
    '/api/companies/:id/email-reports',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, body: EmailReportSettings, response: { 200: EmailReportSettingsAnswer } },
    },
    async (request) => {
      const { weekly, monthly } = request.body;
      const company = companyOf(request);
      const user = currentUser(request);
      const before = await app.repos.emailReports.switches(company.id, user.id);
      const chosen = await app.repos.emailReports.choose(company.id, user.id, { weekly, monthly }, app.now());
      const changes = changedFields({ ...before }, { ...chosen });
      if (Object.keys(changes).length > 0) {
        await app.audit.record(request, {
          action: 'email_report.changed',
          target: { type: 'member', id: user.id, label: user.email },
          details: changes,
        });
      }
      return { data: chosen };
    },
  );

  app.get(
    '/api/companies/:id/email-reports/preview',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: {
        params: IdParams,
        querystring: EmailReportPreviewQuery,
        response: { 200: EmailReportPreviewAnswer },
      },
    },
    async (request) => {
      const company = companyOf(request);
      const { kind } = request.query as EmailReportPreviewQuery;
      const period = lastCompletePeriod(kind, company.timezone, app.now().getTime());
      const figures = await reportFigures(app, company, period);
      const content = reportForMember(app, currentUser(request).id, figures);
      return {
        data: {
          kind: period.kind,
          from: period.from,
          to: period.to,
          subject: content.subject,
          html: reportHtml(content),
          text: reportText(content),
        },
      };
    },
  );
}
