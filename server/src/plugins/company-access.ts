import { messages } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';
import { currentUser } from './auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company named by the route's `:id`, as the caller's membership sees it (routes with `permission`). */
    company: CompanyForUser | null;
  }
}

const NO_ACCESS = 'You do not have access to this company.';

/** The company the route hook loaded and authorized for this request. */
export function companyOf(request: FastifyRequest): CompanyForUser {
  if (!request.company) throw new Error('This route declares no company permission.');
  return request.company;
}

/**
 * Company authorization declared in the route's config (`permission: canEditCompany`). Runs after the
 * params are validated, so `:id` is already a positive integer; a company the caller is no member of,
 * existing or not, is 403 with no hint of which ids exist (docs/api.md "Conventions"), a suspended one is 403, and a
 * role below the permission's is 403 with the permission's own words.
 */
export const companyAccessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('company', null);
    app.addHook('preHandler', async (request) => {
      const permission = request.routeOptions.config.permission;
      if (permission === undefined) return;
      const { id } = request.params as { id: number };
      const company = await app.repos.companies.findForUser(id, currentUser(request).id);
      if (!company) throw forbidden(NO_ACCESS);
      if (company.suspendedAt) throw forbidden(messages.companySuspended);
      if (!permission(company.role)) throw forbidden(permission.refusal);
      request.company = company;
    });
  },
  { name: 'company-access', dependencies: ['auth'] },
);
