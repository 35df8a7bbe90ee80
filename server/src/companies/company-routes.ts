import {
  CompanyAnswer,
  CompanyCreateBody,
  CompanyListAnswer,
  CompanyUpdateBody,
  IdParams,
  MAX_OWNED_COMPANIES,
} from '@footfall/contract';
import type { Company, CompanyForUser } from '@footfall/db';
import { changedFields } from '../audit/safe-details';
import { canDeleteCompany, canEditCompany, canViewCompany } from '../auth/permissions';
import { newTrackingKey } from '../auth/tokens';
import { fieldError, forbidden } from '../errors';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import { blankBodyFields } from '../plugins/json-body';
import type { App } from '../types';
import { presentCompany } from './company-presenter';
import { deleteCompany } from './delete-company';

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

/** `/api/companies[/{id}]` (docs/api.md "Conventions" and "Sites and teams"): the caller's companies, a new one, one to read, edit or delete. */
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
      await app.audit.record(request, {
        action: 'site.created',
        company: { id: company.id, name: company.name },
        target: { type: 'site', id: company.id, label: company.name },
      });
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
      const changes = changedFields(settingsOf(company), settingsOf(updated));
      if (Object.keys(changes).length > 0) {
        await app.audit.record(request, {
          action: 'site.updated',
          company: { id: company.id, name: updated.name },
          target: { type: 'site', id: company.id, label: updated.name },
          details: changes,
        });
      }
      if (updated.retentionDays !== company.retentionDays) {
        await app.audit.record(request, {
          action: 'site.retention_changed',
          company: { id: company.id, name: updated.name },
          target: { type: 'site', id: company.id, label: updated.name },
          details: {
            retention_days: { from: company.retentionDays, to: updated.retentionDays },
            plan_retention_days: company.planRetentionDays,
          },
        });
      }
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
      const company = companyOf(request);
      await deleteCompany(app, company.id);
      // The entry outlives the company: the log has no foreign key, and the company's name is kept.
      await app.audit.record(request, {
        action: 'site.deleted',
        target: { type: 'site', id: company.id, label: company.name },
      });
      return reply.code(204).send();
    },
  );
}

/** The settings a member edits, named as the API names them, to compare before and after an edit. */
function settingsOf(company: Omit<Company, 'createdAt' | 'updatedAt'>): Record<string, unknown> {
  return {
    name: company.name,
    website: company.website,
    domains: company.domains,
    timezone: company.timezone,
    public_stats: company.publicStats,
    listed: company.listed,
    description: company.description,
    logo_url: company.logoUrl,
  };
}
