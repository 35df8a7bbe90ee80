import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  },
  { name: 'security-headers' },
);
