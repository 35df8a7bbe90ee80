import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common';

// E-mail reports (docs/api.md "E-mail reports"): each member chooses, per site, a weekly report (sent on
// Monday for the week before) and a monthly one (sent on the 1st for the month before), in the site's zone.

export const EMAIL_REPORT_KINDS = ['weekly', 'monthly'] as const;
export type EmailReportKind = (typeof EMAIL_REPORT_KINDS)[number];

/** `weekly` (Monday to Sunday) or `monthly` (a calendar month); an enum, as the query validator wants. */
const Kind = Type.Unsafe<EmailReportKind>({ type: 'string', enum: [...EMAIL_REPORT_KINDS] });

/** The caller's own choice for one site; both false until they choose. */
export const EmailReportSettings = Type.Object({
  weekly: Type.Boolean(),
  monthly: Type.Boolean(),
});
export type EmailReportSettings = Static<typeof EmailReportSettings>;

export const EmailReportSettingsAnswer = Type.Object({ data: EmailReportSettings });
export type EmailReportSettingsAnswer = Static<typeof EmailReportSettingsAnswer>;

export const EmailReportPreviewQuery = Type.Object({ kind: Kind });
export type EmailReportPreviewQuery = Static<typeof EmailReportPreviewQuery>;

/** The report the caller would get for the last complete period of that kind, as it would be mailed. */
export const EmailReportPreview = Type.Object({
  kind: Kind,
  /** The period, `YYYY-MM-DD` in the site's zone, both days included. */
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
});
export type EmailReportPreview = Static<typeof EmailReportPreview>;

export const EmailReportPreviewAnswer = Type.Object({ data: EmailReportPreview });
export type EmailReportPreviewAnswer = Static<typeof EmailReportPreviewAnswer>;

/** The signed token of a report's unsubscribe link; it names a member, a site and a kind. */
export const EmailReportUnsubscribeQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
});
export type EmailReportUnsubscribeQuery = Static<typeof EmailReportUnsubscribeQuery>;

/** What an unsubscribe link names, and whether that report is still sent. */
export const EmailReportUnsubscribeState = Type.Object({
  kind: Kind,
  /** The site's name; null when the site was deleted. */
  site_name: Nullable(Type.String()),
  subscribed: Type.Boolean(),
});
export type EmailReportUnsubscribeState = Static<typeof EmailReportUnsubscribeState>;

export const EmailReportUnsubscribeAnswer = Type.Object({ data: EmailReportUnsubscribeState });
export type EmailReportUnsubscribeAnswer = Static<typeof EmailReportUnsubscribeAnswer>;
