import { AdminAuditLogQuery, AuditLogAnswer, AuditLogQuery, IdParams } from '@footfall/contract';
import { canReadAuditLog } from '../auth/permissions';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { auditLogFilter, auditPage } from './log-query';

/**
 * `GET /api/companies/{id}/audit-log` (owners and admins), `GET /api/user/audit-log` (an account's own
 * events) and `GET /api/admin/audit-log` (admins, every company's entries and the accounts'), newest first
 * with a cursor (docs/api.md "Audit log").
 */
export async function auditLogRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/audit-log',
    {
      config: { auth: 'user', permission: canReadAuditLog },
      schema: { params: IdParams, querystring: AuditLogQuery, response: { 200: AuditLogAnswer } },
    },
    async (request) => {
      const { filter, limit } = auditLogFilter(request.query);
      const rows = await app.repos.auditEvents.list(
        { ...filter, companyId: companyOf(request).id },
        limit + 1,
      );
      return auditPage(rows, limit);
    },
  );

  // What the account itself did to the account (its password, address, sessions): its security history.
  app.get(
    '/api/user/audit-log',
    { config: { auth: 'user' }, schema: { querystring: AuditLogQuery, response: { 200: AuditLogAnswer } } },
    async (request) => {
      const { actor: _others, ...query } = request.query;
      const { filter, limit } = auditLogFilter(query);
      const rows = await app.repos.auditEvents.list(
        { ...filter, companyId: null, actorUserId: currentUser(request).id },
        limit + 1,
      );
      return auditPage(rows, limit);
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminAuditLogQuery, response: { 200: AuditLogAnswer } },
    },
    async (request) => {
      const { company_id: companyId, ...query } = request.query;
      const { filter, limit } = auditLogFilter(query);
      const rows = await app.repos.auditEvents.list(
        { ...filter, ...(companyId !== undefined && { companyId }) },
        limit + 1,
      );
      return auditPage(rows, limit);
    },
  );
}
