import { expect } from 'vitest';
import type { App } from '../../src/types';
import { signedInUser } from './accounts';
import type { RecordingMailer } from './mailer';

export type InvitedRole = 'admin' | 'viewer';

/** The token at the end of the invitation link last mailed to `email`. */
export function invitationToken(mailer: RecordingMailer, email: string): string {
  const link = new URL(mailer.lastLinkTo(email));
  expect(link.pathname).toMatch(/^\/invitations\/[A-Za-z0-9_-]{40,}$/);
  return link.pathname.split('/').at(-1) ?? '';
}

/** Invites `email` to the company as `inviter` (owner or admin); answers the response. */
export function invite(
  app: App,
  inviter: { auth: Record<string, string> },
  companyId: number,
  email: string,
  role: InvitedRole,
) {
  return app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/invitations`,
    headers: inviter.auth,
    payload: { email, role },
  });
}

export function accept(app: App, user: { auth: Record<string, string> }, token: string) {
  return app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: user.auth });
}

/** A new signed-in user who joined the company with `role` the way people do: invited, then accepting. */
export async function teammate(
  app: App,
  mailer: RecordingMailer,
  inviter: { auth: Record<string, string> },
  companyId: number,
  role: InvitedRole,
) {
  const user = await signedInUser(app, mailer);
  const invited = await invite(app, inviter, companyId, user.email, role);
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await accept(app, user, invitationToken(mailer, user.email));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return user;
}
