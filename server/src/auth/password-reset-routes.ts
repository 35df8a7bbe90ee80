import {
  EmailQuery,
  messages,
  ResetPasswordBody,
  ResetPasswordQuery,
  SuccessMessage,
} from '@footfall/contract';
import { fieldError } from '../errors';
import { passwordResetMail } from '../mail';
import type { App } from '../types';
import { accountsOf } from './accounts';
import { copyBodyEmailToQuery } from './email-param';
import { hashPassword } from './passwords';
import type { AccountKind } from './sessions';
import { randomToken, sha256Hex } from './tokens';

/** Reset links stay valid this long and work once (docs/api.md "Accounts"). */
const RESET_TTL_MS = 60 * 60 * 1000;

function resetLink(app: App, kind: AccountKind, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  if (kind === 'admin') query.set('admin', '1');
  return `${app.config.appUrl}/password/reset?${query}`;
}

/**
 * Forgotten passwords, for users (`/api/password/…`) and admins (`/api/admin/password/…`) alike: the flows
 * are the same over separate accounts, tokens and limits.
 */
export async function passwordResetRoutes(app: App, options: { kind: AccountKind }): Promise<void> {
  const { kind } = options;
  const prefix = kind === 'admin' ? '/api/admin/password' : '/api/password';
  const accounts = accountsOf(app, kind);

  app.post(
    `${prefix}/email`,
    {
      schema: { querystring: EmailQuery, response: { 200: SuccessMessage } },
      preValidation: copyBodyEmailToQuery,
    },
    async (request) => {
      const { email } = request.query;
      await app.throttle.takeMailRequest('reset', kind, email, request.ip);
      const account = await accounts.findByEmail(email);
      if (account) {
        const token = randomToken(32);
        const expiresAt = new Date(app.now().getTime() + RESET_TTL_MS);
        await app.repos.passwordResets.replace({
          kind,
          subjectId: account.id,
          tokenHash: sha256Hex(token),
          expiresAt,
        });
        const link = resetLink(app, kind, token, account.email);
        app.mailer.send(
          passwordResetMail({
            to: account.email,
            name: account.name,
            link,
            appUrl: app.config.appUrl,
            isAdmin: kind === 'admin',
          }),
        );
      }
      return {
        success: true as const,
        message: 'If that address has an account, a password reset link is on its way.',
      };
    },
  );

  app.post(
    `${prefix}/reset`,
    {
      schema: { querystring: ResetPasswordQuery, body: ResetPasswordBody, response: { 200: SuccessMessage } },
    },
    async (request) => {
      const { email, token } = request.query;
      const now = app.now();
      const reset = await app.repos.passwordResets.findByHash(kind, sha256Hex(token));
      const account = reset ? await accounts.findById(reset.subjectId) : undefined;
      const valid = reset && account && reset.expiresAt > now && account.email === email.toLowerCase();
      if (!valid) throw fieldError('token', messages.invalidResetToken);
      const passwordHash = await hashPassword(request.body.password);
      await app.repos.passwordResets.complete({ kind, subjectId: account.id, passwordHash, now });
      // No one is signed in: the account itself is the actor, from the address that used the link.
      await app.audit.recordAs(
        { kind, id: account.id, name: account.name, email: account.email },
        {
          action: 'account.password_reset',
          company: null,
          target: { type: kind, id: account.id, label: account.email },
        },
        request.ip,
      );
      return {
        success: true as const,
        message: 'Your password has been reset. Sign in with your new password.',
      };
    },
  );
}
