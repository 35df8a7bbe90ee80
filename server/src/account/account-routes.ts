import {
  ChangePasswordBody,
  messages,
  SuccessMessage,
  UpdateUserAnswer,
  UpdateUserBody,
  User,
} from '@footfall/contract';
import { isUniqueViolation } from '@footfall/db';
import { checkCurrentPassword, confirmAddressChange } from '../auth/current-password';
import { hashPassword } from '../auth/passwords';
import { fieldError, unauthenticated } from '../errors';
import { addressChangedNoticeMail, emailChangedMail } from '../mail';
import { currentUser } from '../plugins/auth';
import { takeAddressChangeMail } from '../rate-limit/mail-rations';
import type { App } from '../types';
import { presentUser } from './user-presenter';

/** The signed-in user's own account (docs/api.md "Accounts"). */
export async function accountRoutes(app: App): Promise<void> {
  app.get(
    '/api/user',
    { config: { auth: 'user', envelope: true }, schema: { response: { 200: User } } },
    async (request) => presentUser(app, currentUser(request)),
  );

  app.patch(
    '/api/user',
    { config: { auth: 'user' }, schema: { body: UpdateUserBody, response: { 200: UpdateUserAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { name, email } = request.body;
      const emailChanged = email !== undefined && email.toLowerCase() !== user.email;
      if (emailChanged) {
        // A stolen session must not become the account: the address takes the password too.
        await confirmAddressChange(app, user, request.body.current_password);
        const holder = await app.repos.users.findByEmail(email);
        if (holder && holder.id !== user.id) throw fieldError('email', messages.emailTaken);
        await takeAddressChangeMail(app, user.id);
      }
      const updated = await app.repos.users
        .update(user.id, {
          ...(name !== undefined && { name }),
          ...(emailChanged && { email, emailVerifiedAt: null }),
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw fieldError('email', messages.emailTaken);
          throw error;
        });
      if (!updated) throw unauthenticated();
      // The entries of an account belong to no company (`company: null`); the admin log shows them.
      const account = { type: 'user', id: user.id, label: user.email };
      if (updated.name !== user.name) {
        await app.audit.record(request, {
          action: 'account.name_changed',
          company: null,
          target: account,
          details: { name: { from: user.name, to: updated.name } },
        });
      }
      if (emailChanged) {
        await app.audit.record(request, {
          action: 'account.email_changed',
          company: null,
          target: account,
          details: { email: { from: user.email, to: updated.email } },
        });
      }
      if (emailChanged) {
        const { appUrl, adminEmail } = app.config;
        const link = app.verificationLinks.create(updated.id, updated.email, app.now());
        app.mailer.send(emailChangedMail({ to: updated.email, name: updated.name, link, appUrl }));
        app.mailer.send(
          addressChangedNoticeMail({
            to: user.email,
            name: user.name,
            newAddress: updated.email,
            appUrl,
            adminEmail,
          }),
        );
      }
      return {
        success: true as const,
        message: emailChanged
          ? 'Profile updated. Check your new address for a link to verify it.'
          : 'Profile updated.',
        data: await presentUser(app, updated),
      };
    },
  );

  app.put(
    '/api/user/password',
    { config: { auth: 'user' }, schema: { body: ChangePasswordBody, response: { 200: SuccessMessage } } },
    async (request) => {
      const user = currentUser(request);
      const { current_password, password } = request.body;
      await checkCurrentPassword(app, 'user', user, current_password);
      const keep = request.caller?.session.id ?? null;
      await app.repos.users.changePassword(user.id, await hashPassword(password), keep);
      await app.audit.record(request, {
        action: 'account.password_changed',
        company: null,
        target: { type: 'user', id: user.id, label: user.email },
      });
      return {
        success: true as const,
        message: 'Your password has been changed. Other sessions were signed out.',
      };
    },
  );

  app.post('/api/logout', { config: { auth: 'optional' } }, async (request, reply) => {
    if (request.caller) await app.repos.authSessions.revoke(request.caller.session.id);
    return reply.code(204).send();
  });
}
