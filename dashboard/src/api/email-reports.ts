import type {
  EmailReportPreviewAnswer,
  EmailReportPreviewQuery,
  EmailReportSettings,
  EmailReportSettingsAnswer,
  EmailReportUnsubscribeAnswer,
  EmailReportUnsubscribeQuery,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The signed-in member's weekly and monthly reports of a company (docs/api.md "E-mail reports"), and the
// unsubscribe link of a report's mail, which works without a session.

export function getEmailReportSettings(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<EmailReportSettingsAnswer> {
  return client.get<EmailReportSettingsAnswer>(`/api/companies/${companyId}/email-reports`, options);
}

export function saveEmailReportSettings(
  client: ApiClient,
  companyId: number,
  body: EmailReportSettings,
): Promise<EmailReportSettingsAnswer> {
  return client.put<EmailReportSettingsAnswer>(`/api/companies/${companyId}/email-reports`, body);
}

/** The report of that kind as it would be mailed now. */
export function previewEmailReport(
  client: ApiClient,
  companyId: number,
  query: EmailReportPreviewQuery,
): Promise<EmailReportPreviewAnswer> {
  return client.get<EmailReportPreviewAnswer>(`/api/companies/${companyId}/email-reports/preview`, { query });
}

/** What the unsubscribe link of a mail stands for, before anything changes. */
export function getUnsubscribeState(
  client: ApiClient,
  query: EmailReportUnsubscribeQuery,
  options?: CallOptions,
): Promise<EmailReportUnsubscribeAnswer> {
  return client.get<EmailReportUnsubscribeAnswer>('/api/email-reports/unsubscribe', { ...options, query });
}

export function unsubscribeFromReport(
  client: ApiClient,
  query: EmailReportUnsubscribeQuery,
  options?: CallOptions,
): Promise<EmailReportUnsubscribeAnswer> {
  return client.post<EmailReportUnsubscribeAnswer>('/api/email-reports/unsubscribe', undefined, {
    ...options,
    query,
  });
}
