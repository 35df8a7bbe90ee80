import type { App } from '../types';
import { timeSlices } from '../workers/time-slices';

const DAY_MS = 86_400_000;
/** Packed days deleted per statement: a month of blobs. */
const SEGMENT_WINDOW_MS = 30 * DAY_MS;

/**
 * Deletes a company and everything of it (docs/api.md "Sites and teams"). In this order, so that nothing the process
 * still holds for it can reach the database after its rows are gone (a foreign key would then fail the
 * writes of every other company in the same commit): ingestion stops taking its events and drops those
 * accepted, the stats API's counter drops its calls, the commits under way finish, the rows go, and the
 * caches that knew the company forget it. The bulk of the rows (raw visits and events, packed days) go a
 * day or a month at a time, each a statement of its own between slices of the request thread (docs/api.md
 * "Limits that hold under attack"): one cascading delete of millions of rows would hold SQLite's lock, and
 * the thread that waits on it, for seconds. The company's row then goes with what little is left.
 */
export async function deleteCompany(
  app: Pick<App, 'apiCalls' | 'changeSignals' | 'ingestion' | 'repos'>,
  companyId: number,
): Promise<void> {
  app.ingestion.companyDeleted(companyId);
  await app.apiCalls.forgetCompany(companyId);
  await app.ingestion.settle();
  await deleteBulkRows(app, companyId);
  await app.repos.companies.delete(companyId);
  // Here, and on every other server: stop taking its events and calls, and forget it.
  app.changeSignals.send({ type: 'company-deleted', companyId });
}

async function deleteBulkRows(app: Pick<App, 'repos'>, companyId: number): Promise<void> {
  const { analytics, segments } = app.repos;
  const slices = timeSlices();
  for (let first = await analytics.firstVisitAt(companyId); first !== undefined; ) {
    await analytics.deleteRaw(companyId, first, first + DAY_MS);
    await slices.pause();
    first = await analytics.firstVisitAt(companyId);
  }
  for (let first = await segments.firstStart(companyId); first !== undefined; ) {
    await segments.deleteBefore(companyId, first + SEGMENT_WINDOW_MS);
    await slices.pause();
    first = await segments.firstStart(companyId);
  }
}
