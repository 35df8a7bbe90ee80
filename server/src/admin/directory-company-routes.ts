import {
  AdminCompanyAnswer,
  AdminCompanyListAnswer,
  AdminCompanyListQuery,
  AdminCompanyUpdateBody,
  IdParams,
} from '@footfall/contract';
import { recordAdminCompanyChanges } from '../audit/admin-company-changes';
import { notFound } from '../errors';
import { blankBodyFields } from '../plugins/json-body';
import type { App } from '../types';
import { adminCompanyById, presentAdminCompanies } from './admin-companies';
import { companyChanges } from './company-changes';
import { adminPage } from './paging';

/**
 * `/api/admin/companies[/{id}]`: every company, newest first, searched by name, website or owner's address
 * and filtered by `listed` and `suspended`; one company; an admin's edit, suspension included. A change
 * takes effect at once on ingestion and the public widget (`companyChanged`).
 */
export async function adminCompanyRoutes(app: App): Promise<void> {
  app.get(
    '/api/admin/companies',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminCompanyListQuery, response: { 200: AdminCompanyListAnswer } },
    },
    async (request) => {
      const { q, listed, suspended } = request.query;
      const page = adminPage(request.query);
      const found = await app.repos.adminDirectory.listCompanies({ q, listed, suspended }, page);
      return { data: await presentAdminCompanies(app, found.rows), meta: page.meta(found.total) };
    },
  );

  app.get(
    '/api/admin/companies/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminCompanyAnswer } } },
    async (request) => ({ data: await adminCompanyById(app, request.params.id) }),
  );

  app.patch(
    '/api/admin/companies/:id',
    {
      config: { auth: 'admin' },
      schema: { params: IdParams, body: AdminCompanyUpdateBody, response: { 200: AdminCompanyAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      const current = await app.repos.adminDirectory.findCompany(id);
      if (!current) throw notFound();
      const changes = companyChanges(request.body, blankBodyFields(request), current, app.now());
      if (!(await app.repos.adminDirectory.updateCompany(id, changes, app.now()))) throw notFound();
      await recordAdminCompanyChanges(app, request, current, changes);
      app.companyChanged(id);
      return { data: await adminCompanyById(app, id) };
    },
  );
}
