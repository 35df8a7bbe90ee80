import { SitesOverviewAnswer, SitesOverviewQuery } from '@footfall/contract';
import { currentUser } from '../plugins/auth';
import type { App } from '../types';

/**
 * `GET /api/sites/overview?period=` (docs/api.md "Sites and teams"): the sites page's figures for every company the
 * caller belongs to, whatever their role (each is readable by a viewer); a suspended company is left out.
 */
export async function siteRoutes(app: App): Promise<void> {
  app.get(
    '/api/sites/overview',
    {
      config: { auth: 'user' },
      schema: { querystring: SitesOverviewQuery, response: { 200: SitesOverviewAnswer } },
    },
    async (request) => {
      const companies = await app.repos.companies.listForUser(currentUser(request).id);
      const readable = companies.filter((company) => !company.suspendedAt);
      return {
        data: await app.analytics.run('sitesOverview', { companies: readable, query: request.query }),
      };
    },
  );
}
