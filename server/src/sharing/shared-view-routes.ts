import {
  AnalyticsDetailAnswer,
  AnalyticsQuery,
  SharedAccessAnswer,
  SharedSiteAnswer,
  SharedTokenParams,
  SharedUnlockBody,
  WRONG_SHARE_PASSWORD,
} from '@footfall/contract';
import { parseAnalyticsQuery, queryParameters } from '../analytics/query';
import { verifyPassword } from '../auth/passwords';
import { fieldError } from '../errors';
import type { App } from '../types';
import { createValidatorCompilerWithDocumentedQuery } from '../validation/ajv';
import { assertUnlocked, openSharedLink } from './open-shared-link';
import { createUnlockThrottle } from './unlock-throttle';

/**
 * `/api/shared/{token}/…` (docs/api.md "Shared links"): what a shared link opens, without an
 * account. The token is the only key, and these three routes the only doors it opens: no session is read,
 * nothing is counted or recorded, and the company is the link's own, never one named in the request.
 */
export async function sharedViewRoutes(app: App): Promise<void> {
  const throttle = createUnlockThrottle(app);
  // The token is in the URL: no cache on the way may keep an answer past a revocation, and no search engine
  // may list what a link shows. (Helmet's `Referrer-Policy: no-referrer` keeps the URL from leaking too.)
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
  });

  app.get(
    '/api/shared/:token',
    {
      schema: {
        tags: ['Public'],
        summary: 'What a shared link shows before its dashboard',
        description:
          "The site's name, whether the link asks for a password and the site's time zone; 404 once it no longer works.",
        params: SharedTokenParams,
        response: { 200: SharedSiteAnswer },
      },
    },
    async (request) => {
      const { link, company } = await openSharedLink(app, request.params.token);
      return {
        data: {
          site_name: company.name,
          has_password: link.passwordHash !== null,
          timezone: company.timezone,
        },
      };
    },
  );

  app.post(
    '/api/shared/:token/unlock',
    {
      schema: {
        tags: ['Public'],
        summary: "Unlocks a shared link's password",
        description: 'Answers an access token for the link, to send as a bearer token to its analytics.',
        params: SharedTokenParams,
        body: SharedUnlockBody,
        response: { 200: SharedAccessAnswer },
      },
    },
    async (request) => {
      const shared = await openSharedLink(app, request.params.token);
      const { link } = shared;
      const guess = await throttle.countGuess(link.id, request.ip);
      // A link without a password needs no unlocking; any password opens it, and its token is as good.
      if (link.passwordHash !== null && !(await verifyPassword(request.body.password, link.passwordHash))) {
        throw fieldError('password', WRONG_SHARE_PASSWORD);
      }
      await guess.release();
      const access = app.sharedAccess.issue(link, app.now());
      return { data: { access_token: access.token, expires_at: access.expiresAt.toISOString() } };
    },
  );

  app.get(
    '/api/shared/:token/analytics-detail',
    {
      schema: {
        tags: ['Public'],
        summary: 'The analytics detail of a shared link',
        description:
          "The analytics detail's query and answer, as plain JSON, for the link's company; a link with a " +
          'password needs the access token of its unlock.',
        params: SharedTokenParams,
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsDetailAnswer },
      },
      validatorCompiler: createValidatorCompilerWithDocumentedQuery(),
    },
    async (request) => {
      // The query first, like the funnel report: a bad one is 422 whatever the link.
      const query = queryParameters(request.url);
      parseAnalyticsQuery(query);
      const shared = await openSharedLink(app, request.params.token);
      assertUnlocked(app, request, shared);
      const { id, timezone } = shared.company;
      const found = await app.analytics.run('detail', { company: { id, timezone }, query });
      // The notes are the team's, but their writers' names are not for whoever holds the link.
      return { data: { ...found, annotations: found.annotations.map((note) => ({ ...note, author: '' })) } };
    },
  );
}
