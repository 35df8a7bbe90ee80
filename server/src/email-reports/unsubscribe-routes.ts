import {
  EmailReportUnsubscribeAnswer,
  EmailReportUnsubscribeQuery,
  type EmailReportUnsubscribeState,
} from '@footfall/contract';
import { badRequest } from '../errors';
import type { App } from '../types';
import type { ReportRecipient } from './unsubscribe-links';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is invalid. Open the link from the report again, or turn reports off in the settings.';

/** Form bodies, read as text and ignored: RFC 8058's `List-Unsubscribe=One-Click` carries nothing else. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * `/api/email-reports/unsubscribe?token=…` (docs/api.md "E-mail reports"): the target of a report's
 * unsubscribe links, usable without signing in. GET says what the token names and changes nothing (mail
 * scanners fetch links); POST turns that report off, whether a mail client sends it (RFC 8058 one-click,
 * a form body and no cookie) or the dashboard's page does. The signed token is the only credential, so the
 * XSRF check does not apply: a forged request cannot hold a valid token.
 */
export async function emailReportUnsubscribeRoutes(app: App): Promise<void> {
  app.addContentTypeParser(FORM_TYPES, { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

  function recipientOf(token: string): ReportRecipient {
    const recipient = app.reportUnsubscribeLinks.read(token);
    if (!recipient) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
    return recipient;
  }

  async function stateOf(recipient: ReportRecipient): Promise<EmailReportUnsubscribeState> {
    const [company, switches] = await Promise.all([
      app.repos.companies.findById(recipient.companyId),
      app.repos.emailReports.switches(recipient.companyId, recipient.userId),
    ]);
    return { kind: recipient.kind, site_name: company?.name ?? null, subscribed: switches[recipient.kind] };
  }

  const schema = {
    tags: ['Public'],
    querystring: EmailReportUnsubscribeQuery,
    response: { 200: EmailReportUnsubscribeAnswer },
  };

  app.get('/api/email-reports/unsubscribe', { config: { xsrf: false }, schema }, async (request) => ({
    data: await stateOf(recipientOf(request.query.token)),
  }));

  app.post('/api/email-reports/unsubscribe', { config: { xsrf: false }, schema }, async (request) => {
    const recipient = recipientOf(request.query.token);
    const { userId, companyId, kind } = recipient;
    if (await app.repos.emailReports.unsubscribe(companyId, userId, kind, app.now())) {
      request.log.info({ user_id: userId, company_id: companyId, kind }, 'unsubscribed from e-mail reports');
    }
    return { data: await stateOf(recipient) };
  });
}
