import {
  CompanyAnswer,
  IdParams,
  INVITATION_DAYS,
  InvitationAnswer,
  InvitationCreateBody,
  InvitationListAnswer,
  InvitationParams,
  InvitationPreviewAnswer,
  InvitationTokenParams,
} from '@footfall/contract';
import type { Invitation } from '@footfall/db';
import { canInviteMembers } from '../auth/permissions';
import { randomToken, sha256Hex } from '../auth/tokens';
import { presentCompany } from '../companies/company-presenter';
import { badRequest, fieldError, forbidden, notFound } from '../errors';
import { invitationMail } from '../mail';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import { takeInvitationMail } from '../rate-limit/mail-rations';
import type { App } from '../types';
import { presentInvitation } from './team-presenter';

const DAY_MS = 86_400_000;
/** Pending invitations a company may have at once: a team, not a mailing list. */
export const MAX_PENDING_INVITATIONS = 100;
export const INVALID_INVITATION = 'This invitation is invalid or has expired.';

/**
 * Invitations (docs/api.md "Sites and teams"): owners and admins invite an address with a role, list, resend and revoke
 * pending invitations; the invited address accepts with the mailed link while signed in (or signs up with
 * it, auth/registration-routes.ts). The link's token is the capability; only its SHA-256 is stored.
 */
export async function invitationRoutes(app: App): Promise<void> {
  /** A fresh token and expiry for an invitation, and the link that carries the token. */
  const issue = () => {
    const token = randomToken(32);
    return {
      token,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(app.now().getTime() + INVITATION_DAYS * DAY_MS),
      link: `${app.config.appUrl}/invitations/${token}`,
    };
  };

  const mail = (invitation: Invitation, companyName: string, inviterName: string, link: string) =>
    app.mailer.send(
      invitationMail({
        to: invitation.email,
        companyName,
        inviterName,
        role: invitation.role,
        link,
        appUrl: app.config.appUrl,
      }),
    );

  app.get(
    '/api/companies/:id/invitations',
    {
      config: { auth: 'user', permission: canInviteMembers },
      schema: { params: IdParams, response: { 200: InvitationListAnswer } },
    },
    async (request) => ({
      data: (await app.repos.teams.listInvitations(companyOf(request).id, app.now())).map(presentInvitation),
    }),
  );

  app.post(
    '/api/companies/:id/invitations',
    {
      config: { auth: 'user', permission: canInviteMembers },
      schema: { params: IdParams, body: InvitationCreateBody, response: { 201: InvitationAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const inviter = currentUser(request);
      const { email, role } = request.body;
      if (await app.repos.teams.isMemberByEmail(company.id, email)) {
        throw fieldError('email', 'This address already belongs to a member of the team.');
      }
      const pending = await app.repos.teams.listInvitations(company.id, app.now());
      const renewing = pending.some((invitation) => invitation.email === email.trim().toLowerCase());
      if (!renewing && pending.length >= MAX_PENDING_INVITATIONS) {
        throw fieldError(
          'email',
          `A company can have at most ${MAX_PENDING_INVITATIONS} pending invitations; revoke some first.`,
        );
      }
      await takeInvitationMail(app, company.id, email);
      const fresh = issue();
      const invitation = await app.repos.teams.invite({
        companyId: company.id,
        email,
        role,
        tokenHash: fresh.tokenHash,
        invitedBy: inviter.id,
        expiresAt: fresh.expiresAt,
      });
      mail(invitation, company.name, inviter.name, fresh.link);
      await app.audit.record(request, {
        action: 'member.invited',
        target: { type: 'invitation', id: invitation.id, label: invitation.email },
        details: { role: invitation.role },
      });
      return reply.code(201).send({ data: presentInvitation(invitation) });
    },
  );

  // Resending gives the invitation a new link (the old one stops working) and a new week.
  app.post(
    '/api/companies/:id/invitations/:invitation_id/resend',
    {
      config: { auth: 'user', permission: canInviteMembers },
      schema: { params: InvitationParams, response: { 200: InvitationAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const pending = await app.repos.teams.findInvitation(company.id, request.params.invitation_id);
      if (!pending) throw notFound();
      await takeInvitationMail(app, company.id, pending.email);
      const fresh = issue();
      const invitation = await app.repos.teams.renewInvitation(
        company.id,
        request.params.invitation_id,
        fresh.tokenHash,
        fresh.expiresAt,
      );
      if (!invitation) throw notFound();
      mail(invitation, company.name, currentUser(request).name, fresh.link);
      await app.audit.record(request, {
        action: 'member.invitation_resent',
        target: { type: 'invitation', id: invitation.id, label: invitation.email },
      });
      return { data: presentInvitation(invitation) };
    },
  );

  app.delete(
    '/api/companies/:id/invitations/:invitation_id',
    { config: { auth: 'user', permission: canInviteMembers }, schema: { params: InvitationParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const invitation = await app.repos.teams.findInvitation(company.id, request.params.invitation_id);
      const revoked = await app.repos.teams.revokeInvitation(company.id, request.params.invitation_id);
      if (!revoked) throw notFound();
      await app.audit.record(request, {
        action: 'member.invitation_revoked',
        target: { type: 'invitation', id: request.params.invitation_id, label: invitation?.email ?? null },
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/invitations/:token',
    { schema: { params: InvitationTokenParams, response: { 200: InvitationPreviewAnswer } } },
    async (request) => {
      const invitation = await validInvitation(app, request.params.token);
      const [company, inviter] = await Promise.all([
        app.repos.companies.findById(invitation.companyId),
        invitation.invitedBy === null ? undefined : app.repos.users.findById(invitation.invitedBy),
      ]);
      if (!company) throw badRequest(INVALID_INVITATION);
      return {
        data: {
          company_name: company.name,
          email: invitation.email,
          role: invitation.role,
          invited_by: inviter?.name ?? null,
          expires_at: invitation.expiresAt.toISOString(),
        },
      };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    { config: { auth: 'user' }, schema: { params: InvitationTokenParams, response: { 200: CompanyAnswer } } },
    async (request) => {
      const invitation = await validInvitation(app, request.params.token);
      const user = currentUser(request);
      if (user.email !== invitation.email) {
        throw forbidden(
          `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
        );
      }
      if (!(await app.repos.teams.accept(invitation, user.id))) throw badRequest(INVALID_INVITATION);
      const company = await app.repos.companies.findForUser(invitation.companyId, user.id);
      if (!company) throw badRequest(INVALID_INVITATION);
      await app.audit.record(request, {
        action: 'member.joined',
        company: { id: company.id, name: company.name },
        target: { type: 'member', id: user.id, label: user.email },
        details: { role: invitation.role },
      });
      return { data: presentCompany(company) };
    },
  );
}

/** The unexpired, unused invitation of a link's token, or 400. */
export async function validInvitation(app: App, token: string): Promise<Invitation> {
  const invitation = await app.repos.teams.findValidInvitation(sha256Hex(token), app.now());
  if (!invitation) throw badRequest(INVALID_INVITATION);
  return invitation;
}
