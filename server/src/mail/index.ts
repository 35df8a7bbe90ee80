export { invitationMail } from './invitation.js';
export { escapeHtml } from './layout.js';
export type { Mailer, MailerOptions, MailLog, MailMessage } from './mailer.js';
export { createMailer } from './mailer.js';
export type { LinkMailInput, PasswordResetMailInput } from './templates.js';
export {
  addressChangedNoticeMail,
  emailChangedMail,
  LINK_LIFETIME_MINUTES,
  passwordResetMail,
  verificationMail,
} from './templates.js';
