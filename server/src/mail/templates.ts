import { PRODUCT_NAME, renderMail } from './layout.js';
import type { MailMessage } from './mailer.js';

/** How long verification and reset links stay valid (docs/api.md "Accounts"); the mails promise it, so keep them in step. */
export const LINK_LIFETIME_MINUTES = 60;

export interface LinkMailInput {
  to: string;
  name: string;
  link: string;
  /** The dashboard's public address, shown in the footer so the reader can tell where the mail is from. */
  appUrl: string;
}

export interface PasswordResetMailInput extends LinkMailInput {
  isAdmin: boolean;
}

const EXPIRY = `The link expires in ${LINK_LIFETIME_MINUTES} minutes.`;

export function verificationMail(input: LinkMailInput): MailMessage {
  return renderMail({
    ...input,
    subject: 'Verify your email address',
    intro: [
      `Thanks for signing up for ${PRODUCT_NAME}. Please confirm that ${input.to} is your email address.`,
    ],
    action: { label: 'Verify email address', url: input.link },
    outro: [
      `${EXPIRY} If it has expired, sign in and ask for a new one.`,
      `If you did not sign up for ${PRODUCT_NAME}, you can ignore this email: the account stays unverified and nobody can sign in with it.`,
    ],
  });
}

export function passwordResetMail(input: PasswordResetMailInput): MailMessage {
  const account = input.isAdmin ? `${PRODUCT_NAME} admin account` : `${PRODUCT_NAME} account`;
  return renderMail({
    to: input.to,
    name: input.name,
    appUrl: input.appUrl,
    subject: input.isAdmin ? `Reset your ${PRODUCT_NAME} admin password` : 'Reset your password',
    intro: [`Someone asked to reset the password of the ${account} for ${input.to}.`],
    action: { label: 'Choose a new password', url: input.link },
    outro: [
      `${EXPIRY} It works only once, and setting a new password signs you out everywhere.`,
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
  });
}

export function emailChangedMail(input: LinkMailInput): MailMessage {
  return renderMail({
    ...input,
    subject: 'Confirm your new email address',
    intro: [
      `The email address of your ${PRODUCT_NAME} account was changed to ${input.to}. Please confirm that this address is yours.`,
    ],
    action: { label: 'Confirm email address', url: input.link },
    outro: [
      `${EXPIRY} If it has expired, sign in and ask for a new one.`,
      'If you did not make this change, you can ignore this email: this address will not be confirmed.',
    ],
  });
}

export interface AddressChangedNoticeInput {
  /** The address the account had. */
  to: string;
  name: string;
  newAddress: string;
  appUrl: string;
  /** Whom to ask for help: the server's administrator, when the server names one. */
  adminEmail: string | undefined;
}

/**
 * An address partly hidden, for a mail to an address that may no longer be the owner's:
 * `new.owner@example.org` is `ne•••@e•••.org`.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const top = dot > 0 ? domain.slice(dot) : '';
  return `${[...local].slice(0, 2).join('')}•••@${[...host].slice(0, 1).join('')}•••${top}`;
}

/** To the old address when an account's address changes (docs/api.md "Accounts"). */
export function addressChangedNoticeMail(input: AddressChangedNoticeInput): MailMessage {
  const admin = input.adminEmail ? ` at ${input.adminEmail}` : '';
  return renderMail({
    to: input.to,
    name: input.name,
    appUrl: input.appUrl,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    intro: [
      `The email address of your ${PRODUCT_NAME} account was changed from ${input.to} to ${maskAddress(input.newAddress)}. Mail about the account now goes there.`,
    ],
    outro: [
      'If you made this change, there is nothing to do.',
      `If you did not, someone who knows your password has signed in to your account. Contact the administrator of this ${PRODUCT_NAME} server${admin} at once: they can give the account back its address and sign everyone out of it. Then choose a new password, one you use nowhere else.`,
    ],
  });
}
