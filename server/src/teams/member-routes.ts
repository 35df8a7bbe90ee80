import {
  CompanyAnswer,
  IdParams,
  MemberAnswer,
  MemberListAnswer,
  MemberParams,
  MemberRoleBody,
  TransferOwnershipBody,
} from '@footfall/contract';
import { canRemoveMember } from '@footfall/contract/rules';
import { canChangeMemberRoles, canTransferOwnership, canViewCompany } from '../auth/permissions';
import { presentCompany } from '../companies/company-presenter';
import { fieldError, forbidden, notFound } from '../errors';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { presentMember } from './team-presenter';

/**
 * A company's team (docs/api.md "Sites and teams"): the member list (any member), a member's role (the owner), removing
 * a member or leaving (by `canRemoveMember`), and handing the company over (the owner).
 */
export async function memberRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/members',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: MemberListAnswer } },
    },
    async (request) => ({
      data: (await app.repos.teams.listMembers(companyOf(request).id)).map(presentMember),
    }),
  );

  app.patch(
    '/api/companies/:id/members/:user_id',
    {
      config: { auth: 'user', permission: canChangeMemberRoles },
      schema: { params: MemberParams, body: MemberRoleBody, response: { 200: MemberAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const member = await app.repos.teams.findMember(company.id, request.params.user_id);
      if (!member) throw notFound();
      if (member.role === 'owner') {
        throw fieldError('role', 'The owner keeps their role; hand the company over to change it.');
      }
      await app.repos.teams.setRole(company.id, member.userId, request.body.role);
      if (member.role !== request.body.role) {
        await app.audit.record(request, {
          action: 'member.role_changed',
          target: { type: 'member', id: member.userId, label: member.email },
          details: { role: { from: member.role, to: request.body.role } },
        });
      }
      return { data: presentMember({ ...member, role: request.body.role }) };
    },
  );

  app.delete(
    '/api/companies/:id/members/:user_id',
    { config: { auth: 'user', permission: canViewCompany }, schema: { params: MemberParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const actor = { userId: currentUser(request).id, role: company.role };
      const member = await app.repos.teams.findMember(company.id, request.params.user_id);
      if (!member) throw notFound();
      if (member.role === 'owner') {
        throw forbidden('The owner cannot leave or be removed; hand the company over to someone first.');
      }
      if (!canRemoveMember(actor, member)) {
        throw forbidden(
          company.role === 'admin'
            ? 'Admins can remove viewers only; ask the owner to remove an admin.'
            : 'Only the owner and admins can remove other members.',
        );
      }
      await app.repos.teams.removeMember(company.id, member.userId);
      await app.audit.record(request, {
        action: actor.userId === member.userId ? 'member.left' : 'member.removed',
        target: { type: 'member', id: member.userId, label: member.email },
        details: { role: member.role },
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/companies/:id/transfer-ownership',
    {
      config: { auth: 'user', permission: canTransferOwnership },
      schema: { params: IdParams, body: TransferOwnershipBody, response: { 200: CompanyAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const owner = currentUser(request).id;
      const target = request.body.user_id;
      if (target === owner) throw fieldError('user_id', 'You already own this company.');
      const heir = await app.repos.teams.findMember(company.id, target);
      if (!heir) {
        throw fieldError('user_id', 'Choose a member of the team; invite them first.');
      }
      if (!(await app.repos.teams.transferOwnership(company.id, owner, target))) {
        throw fieldError('user_id', 'Choose a member of the team; invite them first.');
      }
      await app.audit.record(request, {
        action: 'ownership.transferred',
        target: { type: 'member', id: heir.userId, label: heir.email },
      });
      return { data: presentCompany({ ...company, role: 'admin' }) };
    },
  );
}
