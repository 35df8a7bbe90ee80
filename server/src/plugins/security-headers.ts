import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A page of a shared link (`/share/{token}…`), which other sites may frame (docs/api.md "Shared links"). */
export function isSharePage(url: string): boolean {
  return url.startsWith('/share/');
}

/**
 * Lets any site frame a shared link's pages, the `?embed=true` view being made for an iframe: the policy's
 * `frame-ancestors` becomes `*` and `X-Frame-Options` goes. Every other answer keeps refusing framing by
 * other sites. Helmet writes its headers on the raw response, so they are changed there. Search engines are
 * asked not to list what a link shows.
 */
async function allowFramingOfSharePages(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!isSharePage(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return;
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.raw.setHeader(
      'content-security-policy',
      policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
    );
  }
  reply.raw.removeHeader('x-frame-options');
  reply.raw.setHeader('x-robots-tag', 'noindex, nofollow');
}

/**
 * Security headers on every answer (@fastify/helmet). The policy fits the dashboard: scripts and API calls
 * from this origin only; images may come from anywhere over https (company logos, blog covers). HSTS and
 * upgrade-insecure-requests only when the app is served over https, or a plain-http install would break.
 * Workers may start from `blob:` URLs: the spreadsheet export compresses large files in a worker it builds
 * that way, and would never finish without it.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { https: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'connect-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'frame-ancestors': ["'self'"],
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': options.https ? [] : null,
        },
      },
      hsts: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
    app.addHook('onRequest', allowFramingOfSharePages);
  },
  { name: 'security-headers' },
);
