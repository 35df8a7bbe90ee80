import {
  AdminCompanyAnswer,
  AdminCompanyListAnswer,
  AdminListingCreateBody,
  AdminPageQuery,
  IdParams,
} from '@footfall/contract';
import { recordAdminCompanyChanges } from '../audit/admin-company-changes';
import { newTrackingKey } from '../auth/tokens';
import { notFound } from '../errors';
import type { App } from '../types';
import { adminCompanyById, presentAdminCompanies } from './admin-companies';
import { listingChanges } from './company-changes';
import { adminPage } from './paging';

/**
 * `/api/admin/listings[/{id}]`, the "Add Listing" flow: the listed companies; a listing added onto an
 * existing company (200) or as a new company with no owner (201); unlisting (204), which keeps the company.
 */
export async function adminListingRoutes(app: App): Promise<void> {
  app.get(
    '/api/admin/listings',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminPageQuery, response: { 200: AdminCompanyListAnswer } },
    },
    async (request) => {
      const page = adminPage(request.query);
      const found = await app.repos.adminDirectory.listCompanies({ listed: true }, page);
      return { data: await presentAdminCompanies(app, found.rows), meta: page.meta(found.total) };
    },
  );

  app.post(
    '/api/admin/listings',
    {
      config: { auth: 'admin' },
      schema: {
        body: AdminListingCreateBody,
        response: { 200: AdminCompanyAnswer, 201: AdminCompanyAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const repo = app.repos.adminDirectory;
      if (body.company_id !== undefined) {
        const current = await repo.findCompany(body.company_id);
        if (!current) throw notFound();
        const changes = listingChanges(body, current);
        await repo.updateCompany(current.id, changes, app.now());
        await recordAdminCompanyChanges(app, request, current, changes);
        app.companyChanged(current.id);
        return { data: await adminCompanyById(app, current.id) };
      }
      // A tracking key like registration's: the company can be tracked once someone is given access to it.
      const id = await repo.createUnownedCompany(
        {
          name: body.name,
          website: body.website,
          description: body.description ?? null,
          logoUrl: body.logo_url ?? null,
          category: body.category ?? null,
          listed: body.listed ?? true,
          trackingKey: newTrackingKey(),
        },
        app.now(),
      );
      await app.audit.record(request, {
        action: 'site.created',
        company: { id, name: body.name },
        target: { type: 'site', id, label: body.name },
        details: { listed: body.listed ?? true, owner: null },
      });
      return reply.code(201).send({ data: await adminCompanyById(app, id) });
    },
  );

  app.delete(
    '/api/admin/listings/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      const { id } = request.params;
      const current = await app.repos.adminDirectory.findCompany(id);
      if (!current) throw notFound();
      if (!(await app.repos.adminDirectory.updateCompany(id, { listed: false }, app.now()))) throw notFound();
      await recordAdminCompanyChanges(app, request, current, { listed: false });
      app.companyChanged(id);
      return reply.code(204).send();
    },
  );
}
