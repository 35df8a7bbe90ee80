import type { AnalyticsDetail } from '@footfall/contract';
import { expect } from 'vitest';
import { importEvents } from '../../src/ingest/import';
import type { App } from '../../src/types';
import { signedInUser } from './accounts';
import { sealedBody } from './app';
import type { RecordingMailer } from './mailer';

/** A signed-in owner and their company, in the given time zone. */
export interface CompanyOwner {
  auth: Record<string, string>;
  companyId: number;
  trackingKey: string;
}

export async function companyOwner(
  app: App,
  mailer: RecordingMailer,
  timezone = 'UTC',
): Promise<CompanyOwner> {
  const user = await signedInUser(app, mailer);
  const [company] = (await app.inject({ url: '/api/companies', headers: user.auth })).json().data as {
    id: number;
    tracking_key: string;
  }[];
  if (!company) throw new Error('no company');
  if (timezone !== 'UTC') {
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/companies/${company.id}`,
      headers: user.auth,
      payload: { timezone },
    });
    if (patched.statusCode !== 200) throw new Error(`PATCH failed: ${patched.body}`);
  }
  return { auth: user.auth, companyId: company.id, trackingKey: company.tracking_key };
}

/** Imports NDJSON records as the owner; every line must be stored. */
export async function importRecords(app: App, owner: CompanyOwner, records: Record<string, unknown>[]) {
  await importBody(app, owner, ndjson(records));
}

/** Records as an NDJSON import body: a line each. */
export const ndjson = (records: readonly object[]): string =>
  records.map((record) => JSON.stringify(record)).join('\n');

/** Imports an NDJSON body already written through the import route, expecting every line stored. */
export async function importBody(app: App, owner: CompanyOwner, body: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/import`,
    headers: { ...owner.auth, 'content-type': 'application/x-ndjson' },
    payload: body,
  });
  expect(response.json().data.rejected).toEqual([]);
}

/**
 * Imports records as the import route does but leaves them raw: the route packs the ended days it wrote
 * to, and tests of packing, or of raw rows beside packed ones, need the rows as an import first writes them.
 * Answers how many were stored.
 */
export async function importRawRecords(app: App, owner: CompanyOwner, records: readonly object[]) {
  const now = app.now().getTime();
  const { companies, enrichers, calendar, visitIds } = app.ingestion.deps;
  const company = await companies.get(owner.trackingKey, now);
  if (!company) throw new Error('no such company');
  async function* lines() {
    for (const [index, record] of records.entries())
      yield { line: index + 1, record: record as Record<string, unknown> };
  }
  const result = await importEvents(
    { repos: app.repos, enrichers, calendar, visitIds, importsUnderway: app.importsUnderway },
    company,
    lines(),
    { now },
  );
  return result.stored;
}

export const DETAIL_URL = '/api/company-visitor-analytics-detail';

/** The analytics detail for `query` (without `?`), opened from its envelope; fails unless 200. */
export async function analyticsOf(app: App, owner: CompanyOwner, query = ''): Promise<AnalyticsDetail> {
  const response = await app.inject({
    url: `${DETAIL_URL}/${owner.companyId}?${query}`,
    headers: owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return sealedBody<{ data: AnalyticsDetail }>(response).data;
}
