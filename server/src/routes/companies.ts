import {
  CompanyAnswer,
  CompanyCreateBody,
  CompanyListAnswer,
  CompanyUpdateBody,
  IdParams,
  MAX_OWNED_COMPANIES,
} from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import { canDeleteCompany, canEditCompany, canViewCompany } from '../auth/permissions';
import { newTrackingKey } from '../auth/tokens';
import { deleteCompany } from '../companies/delete-company';
import { fieldError, forbidden } from '../errors';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import { blankBodyFields } from '../plugins/json-body';
import { presentCompany } from '../presenters/company';
import type { App } from '../types';

/**
 * A site's own retention shortens its plan's, never lengthens it (docs/api.md "Data control"): the purge
 * would apply the plan's anyway, and a setting that promised more would mislead.
 */
function checkRetention(days: number, company: CompanyForUser): void {
  const most = company.planRetentionDays;
  if (days < 1 || days > most) {
    throw fieldError(
      'retention_days',
      `Choose from 1 to ${most} days: the site's plan keeps data for ${most} days. For longer, move to a plan that keeps more.`,
    );
  }
}

/** `/api/companies[/{id}]` (docs/api.md §4, §10): the caller's companies, a new one, one to read, edit or delete. */
export async function companyRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies',
    { config: { auth: 'user' }, schema: { response: { 200: CompanyListAnswer } } },
    async (request) => {
      const companies = await app.repos.companies.listForUser(currentUser(request).id);
      return { data: companies.map(presentCompany) };
    },
  );

  app.post(
    '/api/companies',
    { config: { auth: 'user' }, schema: { body: CompanyCreateBody, response: { 201: CompanyAnswer } } },
    async (request, reply) => {
      const body = request.body;
      const company = await app.repos.companies.createOwned(
        currentUser(request).id,
        {
          name: body.name,
          website: body.website ?? null,
          timezone: body.timezone ?? 'UTC',
          trackingKey: newTrackingKey(),
        },
        MAX_OWNED_COMPANIES,
      );
      if (!company) {
        throw fieldError(
          'name',
          `You already own ${MAX_OWNED_COMPANIES} sites, the most one account may own. Delete one you no longer need, or hand it over to a colleague, first.`,
        );
      }
      return reply.code(201).send({ data: presentCompany(company) });
    },
  );

  app.get(
    '/api/companies/:id',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: CompanyAnswer } },
    },
    async (request) => ({ data: presentCompany(companyOf(request)) }),
  );

  app.patch(
    '/api/companies/:id',
    {
      config: { auth: 'user', permission: canEditCompany },
      schema: { params: IdParams, body: CompanyUpdateBody, response: { 200: CompanyAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const body = request.body;
      // The optional texts are cleared by sending them empty (validation saw them as absent).
      const blank = blankBodyFields(request);
      const cleared = (field: 'website' | 'description' | 'logo_url' | 'retention_days') =>
        blank.has(field) ? null : undefined;
      if (body.retention_days !== undefined) checkRetention(body.retention_days, company);
      const updated = await app.repos.companies.update(company.id, {
        name: body.name,
        website: body.website ?? cleared('website'),
        domains: body.domains && [...new Set(body.domains.map((domain) => domain.toLowerCase()))],
        timezone: body.timezone,
        publicStats: body.public_stats,
        listed: body.listed,
        description: body.description ?? cleared('description'),
        logoUrl: body.logo_url ?? cleared('logo_url'),
        retentionDays: body.retention_days ?? cleared('retention_days'),
      });
      if (!updated) throw forbidden('You do not have access to this company.');
      // Rollups are cut at local midnights: another zone cuts days elsewhere.
      if (updated.timezone !== company.timezone) await app.repos.rollups.forget(company.id);
      app.companyChanged(company.id);
      return {
        data: presentCompany({
          ...updated,
          plan: company.plan,
          planRetentionDays: company.planRetentionDays,
          role: company.role,
        }),
      };
    },
  );

  app.delete(
    '/api/companies/:id',
    { config: { auth: 'user', permission: canDeleteCompany }, schema: { params: IdParams } },
    async (request, reply) => {
      await deleteCompany(app, companyOf(request).id);
      return reply.code(204).send();
    },
  );
}
