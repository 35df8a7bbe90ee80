import type { MailMessage } from '../mail';
import type { App } from '../types';
import { type ReportContent, reportContent } from './report-content';
import type { ReportFigures } from './report-figures';
import { reportHtml } from './report-html';
import { reportText } from './report-text';

/** What writing a report mail reads of the app. */
type ReportMailDeps = Pick<App, 'config' | 'reportUnsubscribeLinks'>;

/** The report of `figures` for one member, with its links (dashboard, settings, their unsubscribe link). */
export function reportForMember(app: ReportMailDeps, userId: number, figures: ReportFigures): ReportContent {
  const { appUrl } = app.config;
  const { companyId, period } = figures;
  const recipient = { userId, companyId, kind: period.kind };
  const range = new URLSearchParams({ period: 'custom', from: period.from, to: period.to });
  return reportContent(figures, {
    dashboard: `${appUrl}/dashboard/${companyId}?${range}`,
    settings: `${appUrl}/user-profile/${companyId}/reports`,
    unsubscribe: app.reportUnsubscribeLinks.pageUrl(recipient),
  });
}

/**
 * The mail of a report: HTML and plain text, and the `List-Unsubscribe` headers of RFC 2369 and RFC 8058,
 * whose URL unsubscribes with one POST (mail clients show an "Unsubscribe" button for it).
 */
export function reportMail(
  app: ReportMailDeps,
  to: { userId: number; email: string },
  figures: ReportFigures,
): MailMessage {
  const content = reportForMember(app, to.userId, figures);
  const oneClick = app.reportUnsubscribeLinks.oneClickUrl({
    userId: to.userId,
    companyId: figures.companyId,
    kind: figures.period.kind,
  });
  return {
    to: to.email,
    subject: content.subject,
    text: reportText(content),
    html: reportHtml(content),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
