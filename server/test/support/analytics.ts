import type { AnalyticsDetail } from '@footfall/contract';
import { expect } from 'vitest';
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
  const response = await app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/import`,
    headers: { ...owner.auth, 'content-type': 'application/x-ndjson' },
    payload: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  expect(response.json().data.rejected).toEqual([]);
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
