import { messages } from '@footfall/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, safeEqual } from '../auth/tokens';
import { AppError } from '../errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Exempt: routes that opt out (ingestion and the public widget endpoints, which are cross-origin and
 * credential-less by design) and requests authenticated by a stats-API key, which no browser sends by itself.
 */
function isExempt(request: FastifyRequest): boolean {
  if (request.routeOptions.config.xsrf === false) return true;
  return /^Bearer ffk_/.test(request.headers.authorization ?? '');
}

/**
 * Double-submit XSRF protection (docs/api.md "Conventions"). A browser attaches cookies to cross-site form posts but cannot
 * read this site's cookie to copy it into a header, so an unsafe request that carries cookies must echo the
 * `XSRF-TOKEN` cookie in `X-XSRF-TOKEN`. Requests without any cookie (bearer clients) need not.
 */
export const xsrfPlugin = fp(
  async (app: FastifyInstance, options: { secureCookie: boolean }) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url) || isExempt(request)) return;
      const cookie = request.cookies[XSRF_COOKIE];
      if (cookie === undefined) {
        reply.setCookie(XSRF_COOKIE, randomToken(32), {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure: options.secureCookie,
        });
      }
      if (!UNSAFE_METHODS.has(request.method) || request.headers.cookie === undefined) return;
      const header = request.headers['x-xsrf-token'];
      if (cookie === undefined || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw new AppError(419, messages.csrfMismatch);
      }
    });

    // Exists only to hand out the cookie (the hook above sets it), for clients that start with an unsafe call.
    app.get('/api/csrf-cookie', async (_request, reply) => reply.code(204).send());
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
