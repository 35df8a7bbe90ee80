import type { InstallationCheck, RecentEventsAnswer } from '@footfall/contract';
import { expect } from 'vitest';
import type { App } from '../../src/types';
import type { RecordingMailer } from './mailer';
import { newOwner, type Owner } from './stats-api';
import { track } from './tracking';

/** An owner whose company has the given website and domains, and its tracking key. */
export async function ownerWithSite(
  app: App,
  mailer: RecordingMailer,
  site: { website?: string; domains?: string[] },
): Promise<Owner & { trackingKey: string }> {
  const owner = await newOwner(app, mailer, site.website ? { website: site.website } : {});
  if (site.domains) {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { domains: site.domains },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const company = await app.repos.companies.findById(owner.companyId);
  if (!company) throw new Error('the company vanished');
  return { ...owner, trackingKey: company.trackingKey };
}

/** Sends one event from `url` (a pageview unless `fields` say otherwise) and expects it accepted. */
export async function send(
  app: App,
  trackingKey: string,
  url: string,
  fields: Record<string, unknown> = {},
  options: Parameters<typeof track>[2] = {},
): Promise<void> {
  const response = await track(app, { company: trackingKey, type: 'pageview', url, ...fields }, options);
  expect(response.statusCode, response.body).toBe(202);
}

export const feedUrl = (companyId: number | string, query = '') =>
  `/api/companies/${companyId}/events/recent${query}`;
export const installationUrl = (companyId: number | string) => `/api/companies/${companyId}/installation`;

export async function feed(app: App, owner: Owner, query = ''): Promise<RecentEventsAnswer> {
  const response = await app.inject({ url: feedUrl(owner.companyId, query), headers: owner.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecentEventsAnswer>();
}

export async function installation(app: App, owner: Owner): Promise<InstallationCheck> {
  const response = await app.inject({ url: installationUrl(owner.companyId), headers: owner.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: InstallationCheck }>().data;
}
