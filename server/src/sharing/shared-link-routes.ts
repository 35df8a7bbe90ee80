import {
  IdParams,
  MAX_SHARED_LINKS,
  SharedLinkAnswer,
  SharedLinkBody,
  SharedLinkListAnswer,
  SharedLinkParams,
} from '@footfall/contract';
import { hashPassword } from '../auth/passwords';
import { canManageSharedLinks } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { newLinkToken } from './link-token';
import { presentSharedLink } from './shared-link-presenter';

/**
 * `/api/companies/{id}/shared-links[/{link_id}]` (docs/api.md "Shared links"): a company's owner and admins
 * list, create and revoke read-only links to its dashboard. Viewers do not see them: a link reads the
 * company's analytics from anywhere, like an API key.
 */
export async function sharedLinkRoutes(app: App): Promise<void> {
  const config = { auth: 'user', permission: canManageSharedLinks } as const;

  app.get(
    '/api/companies/:id/shared-links',
    { config, schema: { params: IdParams, response: { 200: SharedLinkListAnswer } } },
    async (request) => {
      const links = await app.repos.sharedLinks.list(companyOf(request).id);
      return { data: links.map((link) => presentSharedLink(link, app.config.appUrl)) };
    },
  );

  app.post(
    '/api/companies/:id/shared-links',
    {
      config,
      schema: { params: IdParams, body: SharedLinkBody, response: { 201: SharedLinkAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const { name, password, expires_at } = request.body;
      const expiresAt = expires_at === undefined ? null : new Date(expires_at);
      if (expiresAt && expiresAt.getTime() <= app.now().getTime()) {
        throw fieldError('expires_at', 'The expires at field must be a date after now.');
      }
      // Checked before the insert: two creations racing may pass the cap by one, which is harmless.
      if ((await app.repos.sharedLinks.count(company.id)) >= MAX_SHARED_LINKS) {
        throw fieldError(
          'name',
          `A company can have at most ${MAX_SHARED_LINKS} shared links; revoke one first.`,
        );
      }
      const link = await app.repos.sharedLinks.create(company.id, {
        name,
        token: newLinkToken(),
        passwordHash: password === undefined ? null : await hashPassword(password),
        expiresAt,
      });
      // Whether a password protects it, and until when: never the token or the password.
      await app.audit.record(request, {
        action: 'shared_link.created',
        target: { type: 'shared_link', id: link.id, label: link.name },
        details: { protected: link.passwordHash !== null, expires_at: link.expiresAt?.toISOString() ?? null },
      });
      return reply.code(201).send({ data: presentSharedLink(link, app.config.appUrl) });
    },
  );

  app.delete(
    '/api/companies/:id/shared-links/:link_id',
    { config, schema: { params: SharedLinkParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const link = (await app.repos.sharedLinks.list(company.id)).find(
        (listed) => listed.id === request.params.link_id,
      );
      if (!link || !(await app.repos.sharedLinks.delete(company.id, link.id))) throw notFound();
      await app.audit.record(request, {
        action: 'shared_link.revoked',
        target: { type: 'shared_link', id: link.id, label: link.name },
      });
      return reply.code(204).send();
    },
  );
}
