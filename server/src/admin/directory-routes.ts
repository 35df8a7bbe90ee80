import type { App } from '../types';
import { adminCompanyRoutes } from './directory-company-routes';
import { adminListingRoutes } from './directory-listing-routes';
import { adminOverviewRoutes } from './directory-overview-routes';
import { adminUserRoutes } from './directory-user-routes';

/**
 * The admin area's directory (docs/api.md "Admin: overview, companies, listings and users"): the overview, companies, listings ("Add Listing") and users.
 * Every route takes an admin token. Edits may clear a field by sending it empty (`blankBodyFields`).
 */
export async function adminDirectoryRoutes(app: App): Promise<void> {
  await app.register(adminOverviewRoutes);
  await app.register(adminCompanyRoutes);
  await app.register(adminListingRoutes);
  await app.register(adminUserRoutes);
}
