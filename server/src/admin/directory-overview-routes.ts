import { ADMIN_OVERVIEW_DAYS_DEFAULT, AdminOverviewAnswer, AdminOverviewQuery } from '@footfall/contract';
import type { App } from '../types';
import { platformOverview } from './overview';

/** `GET /api/admin/overview?days=`: the admin dashboard's figures (admin/overview.ts). */
export async function adminOverviewRoutes(app: App): Promise<void> {
  app.get(
    '/api/admin/overview',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminOverviewQuery, response: { 200: AdminOverviewAnswer } },
    },
    async (request) => ({
      data: await platformOverview(app, request.query.days ?? ADMIN_OVERVIEW_DAYS_DEFAULT),
    }),
  );
}
