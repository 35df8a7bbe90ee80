import { randomBytes } from 'node:crypto';
import type { Company } from '@footfall/db';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/types';
import { newIp } from './app';

export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export const INGEST_URL = '/api/save-company-visitor-analytics';

let companies = 0;

export interface CompanySettings {
  domains?: string[];
  timezone?: string;
  website?: string | null;
  publicStats?: boolean;
}

/** A company with an owner, made through the repositories; its settings as given. */
export async function createTrackedCompany(app: App, settings: CompanySettings = {}): Promise<Company> {
  companies += 1;
  const { company } = await app.repos.users.register({
    user: { name: 'Owner', email: `owner${companies}-${Date.now()}@example.com`, passwordHash: 'x' },
    company: {
      name: `Company ${companies}`,
      website: settings.website === undefined ? 'https://shop.example' : settings.website,
      timezone: settings.timezone ?? 'UTC',
      trackingKey: randomBytes(8).toString('hex'),
    },
  });
  const { companies: table } = app.db.schema;
  const [updated] = await app.db.orm
    .update(table)
    .set({ domains: settings.domains ?? [], publicStats: settings.publicStats ?? false })
    .where(eq(table.id, company.id))
    .returning();
  if (!updated) throw new Error('the company vanished');
  app.ingestion.companyChanged(company.id);
  return updated;
}

export interface TrackOptions {
  ip?: string;
  userAgent?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Another endpoint that takes the tracker's requests (the test page's). */
  url?: string;
}

/** Sends events to the ingestion endpoint as the tracker does (text/plain by default). */
export function track(app: App, body: unknown, options: TrackOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType !== null)
    headers['content-type'] = options.contentType ?? 'text/plain;charset=UTF-8';
  if (options.userAgent !== null) headers['user-agent'] = options.userAgent ?? CHROME_UA;
  return app.inject({
    method: 'POST',
    url: options.url ?? INGEST_URL,
    headers,
    remoteAddress: options.ip ?? newIp(),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A pageview of `url` for `company`, with any extra fields. */
export function pageview(
  company: Pick<Company, 'trackingKey'>,
  url: string,
  extra: Record<string, unknown> = {},
) {
  return { company: company.trackingKey, type: 'pageview', url, ...extra };
}

export async function storedEvents(app: App, companyId: number) {
  const { events } = app.db.schema;
  return app.db.orm.select().from(events).where(eq(events.companyId, companyId)).orderBy(events.ts);
}

export async function storedSessions(app: App, companyId: number) {
  const { sessions } = app.db.schema;
  return app.db.orm
    .select()
    .from(sessions)
    .where(eq(sessions.companyId, companyId))
    .orderBy(sessions.startedAt);
}

export async function botHits(app: App, companyId: number): Promise<number> {
  const { botHits: table } = app.db.schema;
  const rows = await app.db.orm.select().from(table).where(eq(table.companyId, companyId));
  return rows.reduce((sum, row) => sum + row.hits, 0);
}
