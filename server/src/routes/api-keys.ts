import {
  ApiKeyCreateAnswer,
  ApiKeyCreateBody,
  ApiKeyListAnswer,
  ApiKeyParams,
  IdParams,
  MAX_ACTIVE_API_KEYS,
} from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import { fieldError, forbidden, notFound } from '../errors';
import { presentApiKey } from '../presenters/api-key';
import { apiKeyPrefix, hashApiKeySecret, newApiKeySecret } from '../stats-api/api-key-secret';
import type { App } from '../types';
import { companyForCaller } from './companies';

/** Keys grant reading the company's analytics from anywhere: only the owner hands them out or takes them back. */
async function companyForOwner(
  app: App,
  request: FastifyRequest,
  companyId: number,
): Promise<CompanyForUser> {
  const company = await companyForCaller(app, request, companyId);
  if (company.role !== 'owner') throw forbidden("Only the company's owner can manage its API keys.");
  return company;
}

/**
 * `/api/companies/{id}/api-keys[/{key_id}]` (API.md §4): any member lists the active keys (prefix and last
 * use, never the secret); the owner creates one (201, the only answer with the secret) or revokes one (204).
 */
export async function apiKeyRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/api-keys',
    { config: { auth: 'user' }, schema: { params: IdParams, response: { 200: ApiKeyListAnswer } } },
    async (request) => {
      const company = await companyForCaller(app, request, request.params.id);
      return { data: (await app.repos.apiKeys.listActive(company.id)).map(presentApiKey) };
    },
  );

  app.post(
    '/api/companies/:id/api-keys',
    {
      config: { auth: 'user' },
      schema: { params: IdParams, body: ApiKeyCreateBody, response: { 201: ApiKeyCreateAnswer } },
    },
    async (request, reply) => {
      const company = await companyForOwner(app, request, request.params.id);
      // A cap keeps forgotten keys from piling up; checked before the insert, so two creations racing
      // may pass it by one, which is harmless.
      if ((await app.repos.apiKeys.countActive(company.id)) >= MAX_ACTIVE_API_KEYS) {
        throw fieldError(
          'name',
          `A company can have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first.`,
        );
      }
      const secret = newApiKeySecret();
      const key = await app.repos.apiKeys.create({
        companyId: company.id,
        name: request.body.name,
        prefix: apiKeyPrefix(secret),
        secretHash: hashApiKeySecret(secret),
        createdAt: app.now(),
      });
      reply.code(201);
      return { data: { ...presentApiKey(key), secret } };
    },
  );

  app.delete(
    '/api/companies/:id/api-keys/:key_id',
    { config: { auth: 'user' }, schema: { params: ApiKeyParams } },
    async (request, reply) => {
      const company = await companyForOwner(app, request, request.params.id);
      const revoked = await app.repos.apiKeys.revoke(company.id, request.params.key_id, app.now());
      if (!revoked) throw notFound();
      // Revocation takes effect at once on this server; other servers' caches let it go within seconds.
      app.apiKeyCache.invalidate(request.params.key_id);
      return reply.code(204).send();
    },
  );
}
