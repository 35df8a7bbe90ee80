import fastifySwagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { referencePage } from '../api-docs/reference-page';
import type { App } from '../types';
import { version } from '../version';
import { securityHeadersPlugin } from './security-headers';

const DESCRIPTION = `Footfall's HTTP API, generated from the route schemas the server validates and serializes with.
Outside programs use the stats API with a key (\`Authorization: Bearer ffk_…\`, created by a company's owner
in the dashboard); the other routes serve the dashboard with a session token. Three answers are sealed in
an envelope (the account, registration and the analytics detail): the schema shows what the envelope holds.
A company route names the least role of the company's team it admits in \`x-least-role\` (\`viewer\`, \`admin\`
or \`owner\`); a caller below it gets 403.`;

/** The section of the document a route belongs to, by its path. */
function tagOf(url: string): string {
  if (url.startsWith('/api/v1/')) return 'Stats API';
  if (url.startsWith('/api/company-visitor-analytics-')) return 'Analytics';
  if (url.startsWith('/api/save-company-visitor-analytics') || url.endsWith('/import')) return 'Tracking';
  // The test-site page's feed and installation check: about the tracker's events, not the company's settings.
  if (url.endsWith('/events/recent') || url.endsWith('/installation')) return 'Tracking';
  if (/^\/api\/(companies|invitations|sites)\b/.test(url)) return 'Companies';
  if (url.startsWith('/api/admin')) return 'Admin';
  if (url.startsWith('/api/public') || url === '/api/health' || url === '/api/csrf-cookie') return 'Public';
  return 'Accounts';
}

/**
 * The OpenAPI document: @fastify/swagger collects every route's schema as routes are added, so it is
 * registered before them, at the root.
 */
export const apiSpecPlugin = fp(
  async (app: App) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Footfall API', version, description: DESCRIPTION },
        servers: [{ url: app.config.appUrl }],
        // The order of the page's sections: what outside developers come for first.
        tags: [
          { name: 'Stats API', description: "A company's analytics with an API key." },
          { name: 'Analytics', description: "The dashboard's analytics detail and realtime view." },
          { name: 'Tracking', description: 'Events from the tracker, imports, installation checks.' },
          { name: 'Companies', description: 'Companies, their teams and invitations, API keys and usage.' },
          { name: 'Accounts', description: 'Registration, sign-in, the account.' },
          { name: 'Public', description: 'Health, the XSRF cookie, public stats.' },
          { name: 'Admin', description: 'Administrators.' },
        ],
        components: {
          securitySchemes: {
            session: {
              type: 'http',
              scheme: 'bearer',
              description: 'A session token from `POST /api/login`.',
            },
            apiKey: { type: 'http', scheme: 'bearer', description: 'A stats-API key, `ffk_…`.' },
          },
        },
      },
      // Each company route states the least role of the caller's team it admits (docs/api.md "Sites and teams").
      transform: ({ schema, url, route }) => {
        const leastRole = route.config?.permission?.leastRole;
        return {
          schema: {
            ...schema,
            tags: schema?.tags ?? [tagOf(url)],
            ...(leastRole && { 'x-least-role': leastRole }),
          },
          url,
        };
      },
    });
  },
  { name: 'api-spec' },
);

/**
 * `GET /api/docs` (the reference, `api-docs/reference-page.ts`), `/api/docs/json` and `/api/docs/yaml`, in
 * a context of their own: the dashboard's security headers, no cookie, no session. Outside clients read the
 * two documents: they answer as @fastify/swagger-ui answered them, the same body and content type.
 */
export async function apiDocsRoutes(app: App): Promise<void> {
  await app.register(securityHeadersPlugin, { https: app.config.appUrl.startsWith('https:') });
  app.get('/api/docs/json', { schema: { hide: true } }, async (_request, reply) => reply.send(app.swagger()));
  app.get('/api/docs/yaml', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/x-yaml').send(app.swagger({ yaml: true })),
  );
  await app.register(referencePage);
}
