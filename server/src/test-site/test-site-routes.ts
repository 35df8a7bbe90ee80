import {
  IdParams,
  INSTALLATION_WINDOW_MINUTES,
  InstallationAnswer,
  RECENT_EVENTS_DEFAULT_LIMIT,
  RecentEventsAnswer,
  RecentEventsQuery,
} from '@footfall/contract';
import { canViewCompany } from '../auth/permissions';
import { companyInternalHosts } from '../ingest/enrich/referrer';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { decodeEventCursor, realEventsAfter, testEventsAfter } from './event-cursor';
import { installationCheck } from './installation-check';
import { mergeFeeds, recentEventsAnswer } from './recent-events';

const INSTALLATION_WINDOW_MS = INSTALLATION_WINDOW_MINUTES * 60_000;

/**
 * The dashboard's test-site page: `GET /api/companies/{id}/events/recent` (the latest stored events, real
 * ones and the test page's own, polled with a cursor) and `GET /api/companies/{id}/installation` (what each
 * of the company's hosts sent in the last 30 minutes; test traffic is not the company's site, so it is left
 * out). Any member; both read only the raw rows, through (company, ts) indexes.
 */
export async function testSiteRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/events/recent',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, querystring: RecentEventsQuery, response: { 200: RecentEventsAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const limit = request.query.limit ?? RECENT_EVENTS_DEFAULT_LIMIT;
      const after = request.query.after === undefined ? undefined : decodeEventCursor(request.query.after);
      // One row more than shown says whether older events were left out.
      const [real, test] = await Promise.all([
        app.repos.recentEvents.latest(company.id, limit + 1, after && realEventsAfter(after)),
        app.repos.testEvents.latest(company.id, limit + 1, after && testEventsAfter(after)),
      ]);
      return recentEventsAnswer(mergeFeeds(real, test, limit + 1), limit, after);
    },
  );

  app.get(
    '/api/companies/:id/installation',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: InstallationAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const now = app.now().getTime();
      const since = now - INSTALLATION_WINDOW_MS;
      const counts = await app.repos.recentEvents.hostnamesSince(company.id, new Date(since));
      const ownHosts = companyInternalHosts(company.domains, company.website);
      return { data: installationCheck(ownHosts, counts, since, now) };
    },
  );
}
