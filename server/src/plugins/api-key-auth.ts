import type { ApiKeyHolder } from '@footfall/db';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../errors';
import { isApiKeySecret } from '../stats-api/api-key-secret';
import type { App } from '../types';

declare module 'fastify' {
  interface FastifyRequest {
    /** The stats-API key that authenticated the request (set on `/api/v1` routes only). */
    apiKey: ApiKeyHolder | null;
  }
}

/** The key behind a stats-API request; the hook has already refused requests without one. */
export function currentApiKey(request: FastifyRequest): ApiKeyHolder {
  if (!request.apiKey) throw unauthenticated();
  return request.apiKey;
}

/**
 * Stats-API authentication: `Authorization: Bearer ffk_…` on every route of the context it is registered
 * in. A missing, malformed, unknown or revoked key is 401, and so is a dashboard session token: the
 * stats API takes keys only.
 */
export const apiKeyAuthPlugin = fp(
  async (app: App) => {
    app.decorateRequest('apiKey', null);
    app.addHook('onRequest', async (request) => {
      const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (secret === undefined || !isApiKeySecret(secret)) throw unauthenticated();
      const holder = await app.apiKeyCache.resolve(secret, app.now().getTime());
      if (!holder) throw unauthenticated();
      request.apiKey = holder;
    });
  },
  { name: 'api-key-auth', dependencies: ['stats-api'] },
);
