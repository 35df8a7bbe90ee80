import type { EmailReportSettings } from '@footfall/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/types';
import { login, signedInUser } from './accounts';
import type { TestClock } from './app';
import type { RecordingMailer } from './mailer';

/** A signed-in member of a site: their id, address and token, and the site's id. */
export interface SiteMember {
  id: number;
  email: string;
  auth: Record<string, string>;
  companyId: number;
}

/** A verified, signed-in owner of a new site in `timezone`, with the site's website set to `website`. */
export async function siteOwner(
  app: App,
  mailer: RecordingMailer,
  settings: { timezone?: string; website?: string } = {},
): Promise<SiteMember & { trackingKey: string }> {
  const user = await signedInUser(app, mailer);
  const [company] = (await app.inject({ url: '/api/companies', headers: user.auth })).json().data;
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/companies/${company.id}`,
    headers: user.auth,
    payload: { timezone: settings.timezone ?? 'UTC', website: settings.website ?? 'https://shop.example' },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return {
    id: user.id,
    email: user.email,
    auth: user.auth,
    companyId: company.id,
    trackingKey: company.tracking_key,
  };
}

/** Sets the member's reports for the site through the API; fails unless 200. */
export async function chooseReports(app: App, member: SiteMember, settings: EmailReportSettings) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/companies/${member.companyId}/email-reports`,
    headers: member.auth,
    payload: settings,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as EmailReportSettings;
}

/** Moves the clock to an instant given as an ISO string. */
export function moveClockTo(clock: TestClock, iso: string): void {
  clock.advance(Date.parse(iso) - clock.now().getTime());
}

/** The stored claim rows of a member's reports, oldest first. */
export async function reportClaims(app: App, userId: number) {
  const { emailReportDeliveries: table } = app.db.schema;
  return app.db.orm.select().from(table).where(eq(table.userId, userId)).orderBy(table.id);
}

/** The unsubscribe token of the link in a report's plain text. */
export function unsubscribeTokenIn(text: string): string {
  const match = /\/email-reports\/unsubscribe\?token=([^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error('no unsubscribe link in the report');
  return match[1];
}

/** Signs the member in again: a session does not outlive the weeks a test moves its clock across. */
export async function signIn(app: App, member: SiteMember): Promise<SiteMember> {
  member.auth = { authorization: `Bearer ${await login(app, member.email)}` };
  return member;
}
