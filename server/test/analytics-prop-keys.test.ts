import type { AnalyticsDetail, SharedLink } from '@footfall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import {
  analyticsOf,
  type CompanyOwner,
  companyOwner,
  DETAIL_URL,
  importRawRecords,
  importRecords,
} from './support/analytics';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, type Owner } from './support/stats-api';
import { teammate } from './support/teams';

// `prop_keys=true` (docs/api.md "Analytics", "Properties"): every custom event property key of the period,
// on two days worked out by hand, one packed and one still raw; the property tests
// (analytics-properties.test.ts) compare the keys with the reference on random data.

const t = useTestApp();
const SITE = 'https://keys.example';
const PACKED_DAY = '2026-03-10';
const RAW_DAY = '2026-03-11';
const BOTH_DAYS = `period=custom&from=${PACKED_DAY}&to=${RAW_DAY}`;

const event = (
  day: string,
  time: string,
  visitor: string,
  name: string,
  props?: Record<string, unknown>,
) => ({
  timestamp: `${day}T${time}:00Z`,
  visitor,
  type: 'event',
  name,
  url: `${SITE}/signup`,
  ...(props && { props }),
});
const page = (day: string, time: string, visitor: string) => ({
  timestamp: `${day}T${time}:00Z`,
  visitor,
  type: 'pageview',
  url: `${SITE}/`,
});

/**
 * The packed day: v1 signs up on pro with 3 seats and downloads, v2 signs up free, v3 only views a page.
 * The raw day: v1 again (a visitor of another day counts again), with a plan and a trial.
 */
const PACKED = [
  page(PACKED_DAY, '09:00', 'v1'),
  event(PACKED_DAY, '09:01', 'v1', 'Signup', { plan: 'pro', seats: 3 }),
  event(PACKED_DAY, '09:02', 'v1', 'Download', { plan: 'pro' }),
  page(PACKED_DAY, '10:00', 'v2'),
  event(PACKED_DAY, '10:01', 'v2', 'Signup', { plan: 'free' }),
  page(PACKED_DAY, '11:00', 'v3'),
];
const RAW = [
  page(RAW_DAY, '09:00', 'v1'),
  event(RAW_DAY, '09:01', 'v1', 'Signup', { plan: 'Pro', trial: true }),
  event(RAW_DAY, '09:05', 'v1', 'Play'),
];

let site: CompanyOwner;

beforeAll(async () => {
  site = await companyOwner(t.app, t.mailer);
  // The import route packs the ended days it wrote; the raw import leaves its rows as live traffic would.
  await importRecords(t.app, site, PACKED);
  expect(await importRawRecords(t.app, site, RAW)).toBe(RAW.length);
});

const keysOf = async (query: string) => (await analyticsOf(t.app, site, query)).breakdowns.prop_keys;

describe('prop_keys=true', () => {
  it('lists every key of the counted custom events with visitors and events, by visitors then key', async () => {
    expect(await keysOf(`${BOTH_DAYS}&prop_keys=true`)).toEqual([
      // v1 and v2 on the packed day, v1 again on the raw one: visitors are summed per day.
      { value: 'plan', visitors: 3, events: 4 },
      { value: 'seats', visitors: 1, events: 1 },
      { value: 'trial', visitors: 1, events: 1 },
    ]);
  });

  it("counts a key's events as the sum of its values' events", async () => {
    const data = await analyticsOf(t.app, site, `${BOTH_DAYS}&prop_keys=true&props_key=plan`);
    const plan = data.breakdowns.prop_keys?.find((row) => row.value === 'plan');
    const values = data.breakdowns.props ?? [];
    // One visitor each: by value, in code-unit order.
    expect(values.map((row) => row.value)).toEqual(['Pro', 'free', 'pro']);
    expect(plan?.events).toBe(values.reduce((sum, row) => sum + (row.events ?? 0), 0));
  });

  it('follows the filters and the period, and is cut to the limit', async () => {
    expect(await keysOf(`${BOTH_DAYS}&prop_keys=true&event=Download`)).toEqual([
      { value: 'plan', visitors: 1, events: 1 },
    ]);
    // A conversion filter keeps whole visits: v1's Signup and Download on the packed day.
    expect(await keysOf(`${BOTH_DAYS}&prop_keys=true&prop:seats=3`)).toEqual([
      { value: 'plan', visitors: 1, events: 2 },
      { value: 'seats', visitors: 1, events: 1 },
    ]);
    expect(await keysOf(`period=custom&from=${RAW_DAY}&to=${RAW_DAY}&prop_keys=true`)).toEqual([
      { value: 'plan', visitors: 1, events: 1 },
      { value: 'trial', visitors: 1, events: 1 },
    ]);
    expect(await keysOf(`${BOTH_DAYS}&prop_keys=true&limit=1`)).toEqual([
      { value: 'plan', visitors: 3, events: 4 },
    ]);
    expect(await keysOf(`${BOTH_DAYS}&prop_keys=true&country=NZ`)).toEqual([]);
  });

  it('leaves the answer as it was without the parameter', async () => {
    const without = await analyticsOf(t.app, site, BOTH_DAYS);
    const withKeys = await analyticsOf(t.app, site, `${BOTH_DAYS}&prop_keys=true`);
    expect(without.breakdowns.prop_keys).toBeUndefined();
    const { prop_keys: _keys, ...breakdowns } = withKeys.breakdowns;
    expect({ ...withKeys, breakdowns }).toEqual(without);
  });

  it('is open to viewers, through the stats API and through a shared link', async () => {
    const viewer = await teammate(t.app, t.mailer, site, site.companyId, 'viewer');
    const asViewer = await analyticsOf(t.app, { ...site, auth: viewer.auth }, `${BOTH_DAYS}&prop_keys=true`);
    expect(asViewer.breakdowns.prop_keys).toHaveLength(3);

    const key = await createKey(t.app, {
      id: 0,
      companyId: site.companyId,
      auth: site.auth as Owner['auth'],
    });
    const stats = await callStats(t.app, site.companyId, bearer(key), `?${BOTH_DAYS}&prop_keys=true`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json<{ data: AnalyticsDetail }>().data.breakdowns.prop_keys).toHaveLength(3);

    const created = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${site.companyId}/shared-links`,
      headers: site.auth,
      payload: { name: 'Keys' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<{ data: SharedLink }>().data;
    const shared = await t.app.inject({
      url: `/api/shared/${link.token}/analytics-detail?${BOTH_DAYS}&prop_keys=true`,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<{ data: AnalyticsDetail }>().data.breakdowns.prop_keys).toHaveLength(3);
  });
});

describe('prop_keys=true refused', () => {
  const detailOf = (companyId: number | string, query: string, auth: Record<string, string> = site.auth) =>
    t.app.inject({ url: `${DETAIL_URL}/${companyId}?${query}`, headers: auth });

  it('is 422 on a value other than true, an empty or a repeated one', async () => {
    for (const query of ['prop_keys=false', 'prop_keys=1', 'prop_keys=', 'prop_keys=true&prop_keys=true']) {
      const response = await detailOf(site.companyId, query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual(['prop_keys']);
    }
  });

  it('is 422 for a bad period or filter asked with it, never 500', async () => {
    const cases: [string, string][] = [
      ['period=fortnight&prop_keys=true', 'period'],
      [`period=custom&from=${RAW_DAY}&prop_keys=true`, 'to'],
      ['period=custom&from=2026-03-12&to=2026-03-11&prop_keys=true', 'to'],
      ['period=7d&prop_keys=true&prop:plan=', 'prop:plan'],
      [`period=7d&prop_keys=true&prop:${'k'.repeat(301)}=x`, `prop:${'k'.repeat(301)}`],
      ['period=7d&prop_keys=true&country=Germany', 'country'],
      ['period=7d&prop_keys=true&goal=2000000000', 'goal'],
      ['period=7d&prop_keys=true&limit=0', 'limit'],
    ];
    for (const [query, field] of cases) {
      const response = await detailOf(site.companyId, query);
      expect(response.statusCode, query.slice(0, 60)).toBe(422);
      expect(Object.keys(response.json().errors), query.slice(0, 60)).toContain(field);
    }
  });

  it('is 401 without a session, 403 for an outsider or an unknown company, 404 for a malformed id', async () => {
    const outsider = await signedInUser(t.app, t.mailer);
    const query = `${BOTH_DAYS}&prop_keys=true`;
    expect((await t.app.inject({ url: `${DETAIL_URL}/${site.companyId}?${query}` })).statusCode).toBe(401);
    expectJson(await detailOf(site.companyId, query, outsider.auth), 403, {
      message: 'You do not have access to this company.',
    });
    expect((await detailOf(2_000_000_000, query)).statusCode).toBe(403);
    expect((await detailOf('abc', query)).statusCode).toBe(404);
  });
});
