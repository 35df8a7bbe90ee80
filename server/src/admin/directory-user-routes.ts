import {
  AdminUserAccountAnswer,
  AdminUserAccountListAnswer,
  AdminUserAccountListQuery,
  AdminUserAccountUpdateBody,
  IdParams,
} from '@footfall/contract';
import type { User as UserRow } from '@footfall/db';
import { notFound } from '../errors';
import type { App } from '../types';
import { presentAdminUser } from './admin-user-presenter';
import { adminPage } from './paging';

/**
 * `/api/admin/users[/{id}]`: every user account, newest first, searched by name or address and filtered by
 * `suspended`; one account; suspending or lifting a suspension. A suspended user keeps their sessions, but
 * every token of theirs is refused with 403 (plugins/auth.ts) and they cannot sign in, until lifted.
 */
export async function adminUserRoutes(app: App): Promise<void> {
  const present = async (users: UserRow[]) => {
    const companies = await app.repos.adminDirectory.companiesOfUsers(users.map((user) => user.id));
    return users.map((user) => presentAdminUser(user, companies.get(user.id) ?? []));
  };
  const presentOne = async (user: UserRow | undefined) => {
    if (!user) throw notFound();
    const [presented] = await present([user]);
    return { data: presented as NonNullable<typeof presented> };
  };

  app.get(
    '/api/admin/users',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminUserAccountListQuery, response: { 200: AdminUserAccountListAnswer } },
    },
    async (request) => {
      const { q, suspended } = request.query;
      const page = adminPage(request.query);
      const found = await app.repos.adminDirectory.listUsers({ q, suspended }, page);
      return { data: await present(found.rows), meta: page.meta(found.total) };
    },
  );

  app.get(
    '/api/admin/users/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminUserAccountAnswer } } },
    async (request) => presentOne(await app.repos.users.findById(request.params.id)),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        params: IdParams,
        body: AdminUserAccountUpdateBody,
        response: { 200: AdminUserAccountAnswer },
      },
    },
    async (request) => {
      const current = await app.repos.users.findById(request.params.id);
      if (!current) throw notFound();
      // Suspending again keeps the time of the first suspension.
      const suspendedAt = request.body.suspended ? (current.suspendedAt ?? app.now()) : null;
      const updated = await app.repos.adminDirectory.setUserSuspended(current.id, suspendedAt, app.now());
      if (updated && (suspendedAt === null) !== (current.suspendedAt === null)) {
        await app.audit.record(request, {
          action: suspendedAt ? 'account.suspended' : 'account.unsuspended',
          company: null,
          target: { type: 'user', id: current.id, label: current.email },
        });
      }
      return presentOne(updated);
    },
  );
}
