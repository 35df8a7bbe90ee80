import type { SitesOverview } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { analyticsOf, importRecords } from './support/analytics';
import { moveToNoonUtc, useTestApp } from './support/app';
import { teammate } from './support/teams';
import { track } from './support/tracking';

const t = useTestApp();
const HOUR = 3_600_000;

const overview = async (auth: Record<string, string>, query = '') => {
  const response = await t.app.inject({ url: `/api/sites/overview${query}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SitesOverview }>().data;
};

describe('GET /api/sites/overview', () => {
  it("lists every site of the caller with the detail's figures, and sums them", async () => {
    moveToNoonUtc(t.clock);
    const user = await signedInUser(t.app, t.mailer);
    const [first] = (await t.app.inject({ url: '/api/companies', headers: user.auth })).json().data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: user.auth,
      payload: { name: 'Quiet site', timezone: 'Asia/Tokyo' },
    });
    const quiet = created.json().data;
    const colleague = await signedInUser(t.app, t.mailer);
    const [theirs] = (await t.app.inject({ url: '/api/companies', headers: colleague.auth })).json().data;
    const viewer = await teammate(t.app, t.mailer, colleague, theirs.id, 'viewer');
    const owner = { auth: user.auth, companyId: first.id, trackingKey: first.tracking_key };
    const now = t.clock.now().getTime();
    await importRecords(
      t.app,
      owner,
      Array.from({ length: 60 }, (_, i) => ({
        timestamp: new Date(now - i * 7 * HOUR - HOUR).toISOString(),
        visitor: `v${i % 9}`,
        type: 'pageview',
        url: `https://first.example/p${i % 4}`,
      })),
    );
    expect(
      (await track(t.app, { company: first.tracking_key, type: 'pageview', url: 'https://first.example/' }))
        .statusCode,
    ).toBe(202);

    const mine = await overview(user.auth);
    expect(mine.sites.map((site) => [site.id, site.role])).toEqual([
      [first.id, 'owner'],
      [quiet.id, 'owner'],
    ]);
    const [busy, empty] = mine.sites;
    const detail = await analyticsOf(t.app, owner, 'period=30d&compare=previous_period');
    expect(busy?.summary).toEqual(detail.summary);
    expect(busy?.comparison).toEqual(detail.comparison);
    expect(busy?.series).toEqual(detail.timeseries.map(({ date, visitors }) => ({ date, visitors })));
    expect(busy?.series).toHaveLength(30);
    expect(busy?.has_visits).toBe(true);
    expect(busy?.realtime_visitors).toBe(1);
    expect(busy?.today_visitors).toBe((await analyticsOf(t.app, owner, 'period=today')).summary.visitors);
    expect(empty).toMatchObject({
      name: 'Quiet site',
      timezone: 'Asia/Tokyo',
      has_visits: false,
      today_visitors: 0,
    });
    expect(mine.totals.visitors).toBe((busy?.summary.visitors ?? 0) + (empty?.summary.visitors ?? 0));
    expect(mine.totals.pageviews).toBe(detail.summary.pageviews);
    expect(mine.totals.bounce_rate).toBe(detail.summary.bounce_rate);

    const today = await overview(user.auth, '?period=today');
    expect(today.sites[0]?.series).toHaveLength(24);
    // A viewer of another company sees it beside their own site, with their role, and nothing of this user's.
    const viewers = await overview(viewer.auth);
    expect(viewers.sites.map((site) => site.role)).toEqual(['viewer', 'owner']);
    expect(viewers.sites[0]?.id).toBe(theirs.id);
    expect(viewers.sites.map((site) => site.id)).not.toContain(first.id);
  });

  it('answers 422 for an unknown period and 401 without a token', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const bad = await t.app.inject({ url: '/api/sites/overview?period=custom', headers: user.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.period).toBeDefined();
    expect((await t.app.inject({ url: '/api/sites/overview' })).statusCode).toBe(401);
  });
});
