import type { App } from '../types';

/**
 * Deletes a company and everything of it (docs/api.md "Sites and teams"). In this order, so that nothing the process
 * still holds for it can reach the database after its rows are gone (a foreign key would then fail the
 * writes of every other company in the same commit): ingestion stops taking its events and drops those
 * accepted, the stats API's counter drops its calls, the commits under way finish, the rows go in one
 * cascading delete, and the caches that knew the company forget it.
 */
export async function deleteCompany(app: App, companyId: number): Promise<void> {
  app.ingestion.companyDeleted(companyId);
  await app.apiCalls.forgetCompany(companyId);
  await app.ingestion.settle();
  await app.repos.companies.delete(companyId);
  // Here, and on every other server: stop taking its events and calls, and forget it.
  app.changeSignals.send({ type: 'company-deleted', companyId });
}
