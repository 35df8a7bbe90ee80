import { REALTIME_MINUTES, type Realtime } from '@footfall/contract';
import { EVENT_KINDS, type RecentActivityRow } from '@footfall/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countRealtime } from '../src/analytics/realtime';
import { signedInUser } from './support/accounts';
import { sealedBody, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { ownerWithSite, send } from './support/test-site';

const t = useTestApp();
const MINUTE = 60_000;
const realtimeUrl = (companyId: number) => `/api/company-visitor-analytics-realtime/${companyId}`;

async function realtimeOf(owner: { companyId: number; auth: Record<string, string> }): Promise<Realtime> {
  const response = await t.app.inject({ url: realtimeUrl(owner.companyId), headers: owner.auth });
  expect(response.statusCode, response.body).toBe(200);
  return sealedBody<{ data: Realtime }>(response).data;
}

describe('GET /api/company-visitor-analytics-realtime/{id}', () => {
  it('counts the last 30 minutes per minute, with their pages, sources, countries and events', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://shop.example' });
    const other = await ownerWithSite(t.app, t.mailer, { website: 'https://other.example' });
    // Half an hour and more ago: outside the view.
    await send(t.app, owner.trackingKey, 'https://shop.example/old', {}, { ip: '8.8.4.4' });
    t.clock.advance(31 * MINUTE);
    const google = { referrer: 'https://www.google.com/search?q=x' };
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', google, { ip: '8.8.8.8' });
    await send(
      t.app,
      owner.trackingKey,
      'https://shop.example/pricing',
      { type: 'event', name: 'Signup' },
      {
        ip: '8.8.8.8',
      },
    );
    await send(t.app, owner.trackingKey, 'https://shop.example/', {}, { ip: '1.1.1.1' });
    await send(t.app, other.trackingKey, 'https://other.example/theirs', {}, { ip: '9.9.9.9' });
    t.clock.advance(2 * MINUTE);
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', {}, { ip: '1.1.1.1' });

    const realtime = await realtimeOf(owner);
    expect(realtime.company_id).toBe(owner.companyId);
    expect(realtime.visitors).toBe(2);
    expect(realtime.totals).toEqual({ visitors: 2, pageviews: 3, events: 1 });
    expect(realtime.minutes).toHaveLength(REALTIME_MINUTES);
    expect(realtime.minutes.at(-1)).toMatchObject({ pageviews: 1, visitors: 1 });
    expect(realtime.minutes.at(-3)).toMatchObject({ pageviews: 2, visitors: 2 });
    expect(realtime.minutes.reduce((sum, minute) => sum + minute.pageviews, 0)).toBe(3);
    const minuteOf = (at: number) => new Date(Math.floor(at / MINUTE) * MINUTE).toISOString().slice(0, 16);
    expect(realtime.minutes.at(-1)?.minute).toBe(minuteOf(t.clock.now().getTime()));
    expect(realtime.pages).toEqual([
      { value: '/pricing', visitors: 2, pageviews: 2 },
      { value: '/', visitors: 1, pageviews: 1 },
    ]);
    expect(realtime.sources).toEqual([
      { value: 'Direct / None', visitors: 1 },
      { value: 'Google', visitors: 1 },
    ]);
    expect(realtime.events).toEqual([{ value: 'Signup', visitors: 1, events: 1 }]);
    // The addresses' countries, as the bundled database places them.
    expect(realtime.countries).toEqual([
      { value: 'AU', visitors: 1 },
      { value: 'US', visitors: 1 },
    ]);

    const theirs = await realtimeOf(other);
    expect(theirs.pages).toEqual([{ value: '/theirs', visitors: 1, pageviews: 1 }]);
  });

  it("writes the minutes on the company's clock", async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { timezone: 'Asia/Kolkata' },
    });
    expect(patched.statusCode).toBe(200);
    const { minutes, timezone } = await realtimeOf(owner);
    expect(timezone).toBe('Asia/Kolkata');
    const local = new Date(Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE + 330 * MINUTE);
    expect(minutes.at(-1)?.minute).toBe(local.toISOString().slice(0, 16));
    expect(minutes.every((minute) => minute.pageviews === 0 && minute.visitors === 0)).toBe(true);
  });

  it('is 401 without a session, 403 for an outsider or an unknown company, 404 for a malformed id', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const outsider = await signedInUser(t.app, t.mailer);
    expect((await t.app.inject({ url: realtimeUrl(owner.companyId) })).statusCode).toBe(401);
    expectJson(await t.app.inject({ url: realtimeUrl(owner.companyId), headers: outsider.auth }), 403, {
      message: 'You do not have access to this company.',
    });
    expect((await t.app.inject({ url: realtimeUrl(2_000_000_000), headers: owner.auth })).statusCode).toBe(
      403,
    );
    const malformed = await t.app.inject({
      url: '/api/company-visitor-analytics-realtime/abc',
      headers: owner.auth,
    });
    expect(malformed.statusCode).toBe(404);
  });
});

/** The realtime figures counted the plain way: each minute and each list filtered from all the rows. */
function referenceRealtime(rows: readonly RecentActivityRow[], now: number) {
  const first = (Math.floor(now / MINUTE) - (REALTIME_MINUTES - 1)) * MINUTE;
  const inView = rows.filter((row) => row.ts >= first);
  const distinct = (list: readonly RecentActivityRow[]) => new Set(list.map((row) => row.visitorId)).size;
  const rank = <T extends { value: string; visitors: number }>(list: T[]) =>
    list
      .sort((a, b) => b.visitors - a.visitors || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, 10);
  const values = (pick: (row: RecentActivityRow) => string | null, list = inView) => [
    ...new Set(list.map(pick).filter((value) => value !== null)),
  ];
  const pageviews = inView.filter((row) => row.kind === EVENT_KINDS.pageview);
  const customs = inView.filter((row) => row.kind === EVENT_KINDS.event && row.name !== null);
  return {
    totals: { visitors: distinct(inView), pageviews: pageviews.length, events: customs.length },
    minutes: Array.from({ length: REALTIME_MINUTES }, (_, index) => {
      const start = first + index * MINUTE;
      const last = index === REALTIME_MINUTES - 1;
      const within = inView.filter((row) => row.ts >= start && (last || row.ts < start + MINUTE));
      return {
        minute: new Date(start).toISOString().slice(0, 16),
        pageviews: within.filter((row) => row.kind === EVENT_KINDS.pageview).length,
        visitors: distinct(within),
      };
    }),
    pages: rank(
      values((row) => row.pathname, pageviews).map((value) => {
        const of = pageviews.filter((row) => row.pathname === value);
        return { value, visitors: distinct(of), pageviews: of.length };
      }),
    ),
    sources: rank(
      values((row) => row.source).map((value) => ({
        value,
        visitors: distinct(inView.filter((row) => row.source === value)),
      })),
    ),
    countries: rank(
      values((row) => row.country).map((value) => ({
        value,
        visitors: distinct(inView.filter((row) => row.country === value)),
      })),
    ),
    events: rank(
      values((row) => row.name, customs).map((value) => {
        const of = customs.filter((row) => row.name === value);
        return { value, visitors: distinct(of), events: of.length };
      }),
    ),
  };
}

describe('countRealtime', () => {
  it('gives the reference figures for any events of the last 40 minutes', () => {
    const now = Date.UTC(2026, 5, 1, 12, 0, 30, 250);
    const row = fc.record({
      ts: fc.integer({ min: now - 40 * MINUTE, max: now + 2_000 }),
      kind: fc.constantFrom(1, 2, 3),
      name: fc.option(fc.constantFrom('Signup', 'Download', 'Play'), { nil: null }),
      pathname: fc.constantFrom('/', '/pricing', '/blog', '/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h'),
      visitorId: fc.integer({ min: 1, max: 25 }),
      source: fc.constantFrom('Google', 'Direct / None', 'news.example'),
      country: fc.option(fc.constantFrom('DE', 'FR', 'US'), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 300 }), (rows) => {
        const sorted = [...rows].sort((a, b) => a.ts - b.ts);
        const counted = countRealtime({ id: 1, timezone: 'UTC' }, sorted, now, 0);
        const { company_id, timezone, at, visitors, ...figures } = counted;
        expect(figures).toEqual(referenceRealtime(sorted, now));
      }),
      { numRuns: 200 },
    );
  });
});
