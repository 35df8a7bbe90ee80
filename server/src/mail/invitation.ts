import { INVITATION_DAYS, type InvitedRole } from '@footfall/contract';
import { PRODUCT_NAME, renderMail } from './layout.js';
import type { MailMessage } from './mailer.js';

export interface InvitationMailInput {
  to: string;
  companyName: string;
  inviterName: string;
  role: InvitedRole;
  link: string;
  appUrl: string;
}

const WHAT_ROLE_ALLOWS: Record<InvitedRole, string> = {
  admin: 'As an admin you can read its dashboards and change its settings, keys and members.',
  viewer: 'As a viewer you can read its dashboards and reports.',
};

/** The mail of `POST /api/companies/{id}/invitations` (docs/api.md "Sites and teams"), plain text and HTML. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  return renderMail({
    to: input.to,
    name: '',
    appUrl: input.appUrl,
    subject: `${input.inviterName} invited you to ${input.companyName} on ${PRODUCT_NAME}`,
    intro: [
      `${input.inviterName} invited ${input.to} to join the team of ${input.companyName} on ${PRODUCT_NAME}, the visitor analytics of its website.`,
      WHAT_ROLE_ALLOWS[input.role],
    ],
    action: { label: 'Accept the invitation', url: input.link },
    outro: [
      `The link works for ${INVITATION_DAYS} days. Sign in with ${input.to}, or create an account with it, to accept.`,
      'If you did not expect this invitation, you can ignore this email: nothing happens until the link is used.',
    ],
  });
}
