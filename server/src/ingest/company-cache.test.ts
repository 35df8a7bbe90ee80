import type { Repositories, TrackedCompany } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { CompanyCache, forIngestion } from './company-cache';

function trackedCompany(overrides: Partial<TrackedCompany> = {}): TrackedCompany {
  const at = new Date('2026-06-01T00:00:00Z');
  return {
    id: 1,
    name: 'Shop',
    website: 'https://www.shop.example',
    domains: [' Shop.Example ', ''],
    timezone: 'UTC',
    trackingKey: 'key-1',
    publicStats: false,
    listed: false,
    description: null,
    logoUrl: null,
    planId: 1,
    createdAt: at,
    updatedAt: at,
    eventsQuota: 10_000,
    retentionDays: 365,
    ...overrides,
  } as TrackedCompany;
}

/** A tracking repository that counts lookups and answers them when told to. */
function fakeRepos(companies: Record<string, TrackedCompany>) {
  let lookups = 0;
  const repos = {
    tracking: {
      findCompanyByTrackingKey: async (key: string) => {
        lookups += 1;
        return companies[key];
      },
    },
  } as unknown as Pick<Repositories, 'tracking'>;
  return { repos, lookups: () => lookups };
}

describe('CompanyCache (step "resolve company")', () => {
  it('answers known and unknown keys from memory until the TTL runs out', async () => {
    const { repos, lookups } = fakeRepos({ 'key-1': trackedCompany() });
    const cache = new CompanyCache(repos, 10_000);
    expect(cache.cached('key-1', 0)).toBeUndefined();
    expect((await cache.load('key-1', 0))?.id).toBe(1);
    expect(await cache.load('nope', 0)).toBeNull();
    expect(cache.cached('key-1', 9_999)?.id).toBe(1);
    // An unknown key is remembered too: a flood of bad keys costs one query each per TTL.
    expect(cache.cached('nope', 9_999)).toBeNull();
    expect(lookups()).toBe(2);
    expect(cache.cached('key-1', 10_000)).toBeUndefined();
  });

  it('gets a company from memory when cached, an unknown key included, and loads it otherwise', async () => {
    const { repos, lookups } = fakeRepos({ 'key-1': trackedCompany() });
    const cache = new CompanyCache(repos);
    expect((await cache.get('key-1', 0))?.id).toBe(1);
    expect(await cache.get('nope', 0)).toBeNull();
    expect((await cache.get('key-1', 1))?.id).toBe(1);
    expect(await cache.get('nope', 1)).toBeNull();
    expect(lookups()).toBe(2);
  });

  it('makes one query for concurrent loads of one key', async () => {
    const { repos, lookups } = fakeRepos({ 'key-1': trackedCompany() });
    const cache = new CompanyCache(repos);
    const [a, b] = await Promise.all([cache.load('key-1', 0), cache.load('key-1', 0)]);
    expect(a).toBe(b);
    expect(lookups()).toBe(1);
  });

  it('forgets every key of a company whose settings changed', async () => {
    const { repos } = fakeRepos({ 'key-1': trackedCompany(), 'key-2': trackedCompany({ id: 2 }) });
    const cache = new CompanyCache(repos);
    await cache.load('key-1', 0);
    await cache.load('key-2', 0);
    cache.invalidate(1);
    expect(cache.cached('key-1', 1)).toBeUndefined();
    expect(cache.cached('key-2', 1)?.id).toBe(2);
  });

  it('prepares the allowed hosts (trimmed, lower-cased, no blanks) and the internal hosts', () => {
    const company = forIngestion(trackedCompany());
    expect(company.allowedHosts).toEqual(['shop.example']);
    expect(company.internalHosts).toEqual(expect.arrayContaining(['shop.example']));
  });
});
