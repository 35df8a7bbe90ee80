import {
  ApiKeyCreateAnswer,
  ApiKeyCreateBody,
  ApiKeyListAnswer,
  ApiKeyParams,
  IdParams,
  MAX_ACTIVE_API_KEYS,
} from '@footfall/contract';
import { canManageApiKeys } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { presentApiKey } from './api-key-presenter';
import { apiKeyPrefix, hashApiKeySecret, newApiKeySecret } from './api-key-secret';

/**
 * `/api/companies/{id}/api-keys[/{key_id}]` (docs/api.md "Conventions" and "Sites and teams"): keys read the company's analytics from
 * anywhere, so only its owner and admins list the active keys (prefix and last use, never the secret),
 * create one (201, the only answer with the secret) or revoke one (204).
 */
export async function apiKeyRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/api-keys',
    {
      config: { auth: 'user', permission: canManageApiKeys },
      schema: { params: IdParams, response: { 200: ApiKeyListAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      return { data: (await app.repos.apiKeys.listActive(company.id)).map(presentApiKey) };
    },
  );

  app.post(
    '/api/companies/:id/api-keys',
    {
      config: { auth: 'user', permission: canManageApiKeys },
      schema: { params: IdParams, body: ApiKeyCreateBody, response: { 201: ApiKeyCreateAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
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
      // The entry names the key by its name only: not even the prefix of its secret.
      await app.audit.record(request, {
        action: 'api_key.created',
        target: { type: 'api_key', id: key.id, label: key.name },
      });
      reply.code(201);
      return { data: { ...presentApiKey(key), secret } };
    },
  );

  app.delete(
    '/api/companies/:id/api-keys/:key_id',
    { config: { auth: 'user', permission: canManageApiKeys }, schema: { params: ApiKeyParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const key = (await app.repos.apiKeys.listActive(company.id)).find(
        (active) => active.id === request.params.key_id,
      );
      const revoked = await app.repos.apiKeys.revoke(company.id, request.params.key_id, app.now());
      if (!revoked) throw notFound();
      await app.audit.record(request, {
        action: 'api_key.revoked',
        target: { type: 'api_key', id: request.params.key_id, label: key?.name ?? null },
      });
      // Revocation takes effect at once on this server, and on the others as the signal reaches them.
      app.changeSignals.send({ type: 'api-key-revoked', keyId: request.params.key_id });
      return reply.code(204).send();
    },
  );
}
