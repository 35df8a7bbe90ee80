import {
  EmailQuery,
  messages,
  RegisterAnswer,
  RegisterBody,
  SuccessMessage,
  VerifyEmailAnswer,
  VerifyEmailParams,
  VerifyEmailQuery,
} from '@footfall/contract';
import { InvitationGoneError, isUniqueViolation } from '@footfall/db';
import { accountActor } from '../audit/audit-log';
import { badRequest, fieldError } from '../errors';
import { verificationMail } from '../mail';
import { takeRegistrationMail } from '../rate-limit/mail-rations';
import { INVALID_INVITATION } from '../teams/invitation-routes';
import type { App } from '../types';
import { copyBodyEmailToQuery } from './email-param';
import { hashPassword } from './passwords';
import { newTrackingKey, sha256Hex } from './tokens';

const INVALID_LINK = 'This verification link is invalid. Request a new one from the sign-in page.';
const EXPIRED_LINK = 'This verification link has expired. Request a new one from the sign-in page.';

/**
 * Signing up with an invitation's token (docs/api.md "Sites and teams"): no company of one's own, a membership of the
 * inviting one, and an address verified by the link that reached it.
 */
async function registerInvited(app: App, body: RegisterBody): Promise<RegisterAnswer> {
  const invitation = await app.repos.teams.findValidInvitation(sha256Hex(body.invitation ?? ''), app.now());
  if (!invitation) throw fieldError('invitation', INVALID_INVITATION);
  if (body.email.trim().toLowerCase() !== invitation.email) {
    throw fieldError(
      'email',
      `This invitation was sent to ${invitation.email}. Sign up with that address to accept it.`,
    );
  }
  const passwordHash = await hashPassword(body.password);
  const user = await app.repos.users
    .registerInvited({ name: body.name, email: body.email, passwordHash }, invitation.id, app.now())
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw fieldError('email', messages.emailTaken);
      if (error instanceof InvitationGoneError) throw fieldError('invitation', INVALID_INVITATION);
      throw error;
    });
  return {
    success: true,
    message: 'Your account is ready and you have joined the team. Sign in to continue.',
    data: { status: 'joined', user_id: user.id },
  };
}

export async function registrationRoutes(app: App): Promise<void> {
  const sendVerification = (user: { id: number; name: string; email: string }) => {
    const link = app.verificationLinks.create(user.id, user.email, app.now());
    app.mailer.send(verificationMail({ to: user.email, name: user.name, link, appUrl: app.config.appUrl }));
  };

  app.post(
    '/api/register',
    {
      config: { envelope: true },
      schema: { body: RegisterBody, response: { 200: RegisterAnswer, 201: RegisterAnswer } },
      // A closed registration answers the same whatever the form holds, so it is checked before validation;
      // only a colleague invited to a team may still sign up (the invitation is checked like any field).
      preValidation: async (request, reply) => {
        const invited = typeof (request.body as { invitation?: unknown } | null)?.invitation === 'string';
        if (!app.config.registrationOpen && !invited) {
          return reply.code(200).send({ success: false, message: messages.registrationClosed });
        }
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (await app.repos.users.findByEmail(body.email)) throw fieldError('email', messages.emailTaken);
      if (body.invitation !== undefined) return reply.code(201).send(await registerInvited(app, body));
      // Each registration mails a link to an address the caller chose (docs/api.md "Limits that hold under attack").
      await takeRegistrationMail(app, request.ip);
      const passwordHash = await hashPassword(body.password);
      const registered = await app.repos.users
        .register({
          user: { name: body.name, email: body.email, passwordHash },
          company: {
            // Required by the schema when there is no invitation.
            name: body.company_name ?? '',
            website: body.website ?? null,
            timezone: body.timezone ?? 'UTC',
            trackingKey: newTrackingKey(),
          },
        })
        .catch((error: unknown) => {
          // Two sign-ups racing for one address: the loser gets the same answer as a sequential one.
          if (isUniqueViolation(error)) throw fieldError('email', messages.emailTaken);
          throw error;
        });
      sendVerification(registered.user);
      // No one is signed in yet: the new account is the actor of its first site.
      const { user, company } = registered;
      await app.audit.recordAs(
        accountActor('user', user),
        {
          action: 'site.created',
          company: { id: company.id, name: company.name },
          target: { type: 'site', id: company.id, label: company.name },
        },
        request.ip,
      );
      return reply.code(201).send({
        success: true,
        message: 'Registration successful. Check your email for a link to verify your address.',
        data: { status: 'verification-sent', user_id: registered.user.id },
      });
    },
  );

  app.post(
    '/api/email/verify/:user_id',
    {
      schema: {
        params: VerifyEmailParams,
        querystring: VerifyEmailQuery,
        response: { 200: VerifyEmailAnswer },
      },
    },
    async (request) => {
      const { expires = '', signature = '' } = request.query;
      const userId = /^[1-9]\d{0,9}$/.test(request.params.user_id) ? Number(request.params.user_id) : 0;
      const user = userId > 0 && userId < 2 ** 31 ? await app.repos.users.findById(userId) : undefined;
      if (!user) throw badRequest(INVALID_LINK);
      const check = app.verificationLinks.check(user.id, user.email, expires, signature, app.now());
      if (check === 'invalid') throw badRequest(INVALID_LINK);
      if (user.emailVerifiedAt) {
        return {
          success: true as const,
          message: 'Your email address is already verified.',
          data: { status: 'already-verified' as const },
        };
      }
      if (check === 'expired') throw badRequest(EXPIRED_LINK);
      await app.repos.users.markVerified(user.id, app.now());
      return {
        success: true as const,
        message: 'Your email address has been verified.',
        data: { status: 'verified' as const },
      };
    },
  );

  app.post(
    '/api/email/resend',
    {
      schema: { querystring: EmailQuery, response: { 200: SuccessMessage } },
      preValidation: copyBodyEmailToQuery,
    },
    async (request) => {
      const { email } = request.query;
      await app.throttle.takeMailRequest('resend', 'user', email, request.ip);
      const user = await app.repos.users.findByEmail(email);
      if (user && !user.emailVerifiedAt) sendVerification(user);
      return {
        success: true as const,
        message: 'If that address belongs to an account waiting for verification, a new link is on its way.',
      };
    },
  );
}
