import type { AdminCompany } from '@footfall/contract';
import { todayIn } from '../calendar/local-days';
import { notFound } from '../errors';
import type { App } from '../types';
import { type AdminCompanyRow, presentAdminCompany } from './admin-company-presenter';

/** What presenting companies to the admin reads of the app. */
type AdminCompanyDeps = Pick<App, 'now' | 'repos'>;

/** Companies as admins see them, with each one's counted events of its current local month. */
export async function presentAdminCompanies(
  app: AdminCompanyDeps,
  rows: AdminCompanyRow[],
): Promise<AdminCompany[]> {
  const now = app.now().getTime();
  const months = rows.map((row) => ({ companyId: row.id, month: todayIn(row.timezone, now).slice(0, 7) }));
  const events = await app.repos.adminDirectory.monthlyEvents(months);
  return rows.map((row) => presentAdminCompany(row, events.get(row.id) ?? 0));
}

/** One company as admins see it; 404 when there is none. */
export async function adminCompanyById(app: AdminCompanyDeps, id: number): Promise<AdminCompany> {
  const row = await app.repos.adminDirectory.findCompany(id);
  if (!row) throw notFound();
  const [company] = await presentAdminCompanies(app, [row]);
  return company as AdminCompany;
}
