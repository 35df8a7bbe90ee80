import { CompanyAnswer, CompanyListAnswer, CompanyUpdateBody, IdParams, messages } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { currentUser } from '../plugins/auth';
import { blankBodyFields } from '../plugins/json-body';
import { presentCompany } from '../presenters/company';
import type { App } from '../types';

/**
 * The company a member may see, or 403 for any other id, existing or not, so that answers never reveal
 * which ids exist (API.md §4), and 403 for a company an admin suspended. Every handler that touches company
 * data goes through this.
 */
export async function companyForCaller(
  app: App,
  request: FastifyRequest,
  companyId: number,
): Promise<CompanyForUser> {
  const company = await app.repos.companies.findForUser(companyId, currentUser(request).id);
  if (!company) throw forbidden('You do not have access to this company.');
  if (company.suspendedAt) throw forbidden(messages.companySuspended);
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

  app.patch(
    '/api/companies/:id',
    {
      config: { auth: 'user' },
      schema: { params: IdParams, body: CompanyUpdateBody, response: { 200: CompanyAnswer } },
    },
    async (request) => {
      const company = await companyForCaller(app, request, request.params.id);
      if (company.role !== 'owner') throw forbidden("Only the company's owner can change its settings.");
      const body = request.body;
      // The optional texts are cleared by sending them empty (validation saw them as absent).
      const blank = blankBodyFields(request);
      const cleared = (field: 'website' | 'description' | 'logo_url') =>
        blank.has(field) ? null : undefined;
      const updated = await app.repos.companies.update(company.id, {
        name: body.name,
        website: body.website ?? cleared('website'),
        domains: body.domains && [...new Set(body.domains.map((domain) => domain.toLowerCase()))],
        timezone: body.timezone,
        publicStats: body.public_stats,
        listed: body.listed,
        description: body.description ?? cleared('description'),
        logoUrl: body.logo_url ?? cleared('logo_url'),
      });
      if (!updated) throw forbidden('You do not have access to this company.');
      // Rollups are cut at local midnights: another zone cuts days elsewhere.
      if (updated.timezone !== company.timezone) await app.repos.rollups.forget(company.id);
      app.companyChanged(company.id);
      return { data: presentCompany({ ...updated, plan: company.plan, role: company.role }) };
    },
  );
}
