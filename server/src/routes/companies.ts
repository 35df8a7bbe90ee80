import { CompanyAnswer, CompanyListAnswer, IdParams } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { currentUser } from '../plugins/auth';
import { presentCompany } from '../presenters/company';
import type { App } from '../types';

/**
 * The company a member may see, or 403 for any other id, existing or not, so that answers never reveal
 * which ids exist (API.md §4). Every handler that touches company data goes through this.
 */
export async function companyForCaller(
  app: App,
  request: FastifyRequest,
  companyId: number,
): Promise<CompanyForUser> {
  const company = await app.repos.companies.findForUser(companyId, currentUser(request).id);
  if (!company) throw forbidden('You do not have access to this company.');
  return company;
}

export async function companyRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies',
    { config: { auth: 'user' }, schema: { response: { 200: CompanyListAnswer } } },
    async (request) => {
      const companies = await app.repos.companies.listForUser(currentUser(request).id);
      return { data: companies.map(presentCompany) };
    },
  );

  app.get(
    '/api/companies/:id',
    { config: { auth: 'user' }, schema: { params: IdParams, response: { 200: CompanyAnswer } } },
    async (request) => ({ data: presentCompany(await companyForCaller(app, request, request.params.id)) }),
  );
}
