import type { FunnelReport } from '@footfall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsOf, type CompanyOwner, companyOwner, DETAIL_URL, importRecords } from './support/analytics';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';

// Goals, funnels, properties and engagement (docs/api.md "Analytics", "Funnels") on a day worked out by
// hand; the property tests (analytics-properties.test.ts) compare them with the reference on random data.

const t = useTestApp();
const SITE = 'https://conversions.example';
const at = (time: string, visitor: string, fields: Record<string, unknown>) => ({
  timestamp: `2026-03-10T${time}:00Z`,
  visitor,
  ...fields,
});
const page = (time: string, visitor: string, path: string) =>
  at(time, visitor, { type: 'pageview', url: `${SITE}${path}` });
const event = (time: string, visitor: string, name: string, props?: Record<string, unknown>) =>
  at(time, visitor, { type: 'event', name, url: `${SITE}/signup`, ...(props && { props }) });

/**
 * v1: home → pricing → signup page → Signup (pro), with pings. v2: pricing → Signup (free) → home (the
 * funnel's order broken). v3: home → pricing, bounces off. v4: blog only, a ping.
 */
const DAY = [
  page('09:00', 'v1', '/'),
  page('09:01', 'v1', '/pricing'),
  at('09:02', 'v1', { type: 'engagement', url: `${SITE}/pricing`, engaged_ms: 30_000, scroll_depth: 60 }),
  page('09:03', 'v1', '/signup'),
  event('09:04', 'v1', 'Signup', { plan: 'pro', seats: 3, revenue: '49.995' }),
  page('10:00', 'v2', '/pricing'),
  at('10:01', 'v2', { type: 'engagement', url: `${SITE}/pricing`, engaged_ms: 11_000, scroll_depth: 91 }),
  event('10:02', 'v2', 'Signup', { plan: 'free', revenue: 10, currency: 'eur' }),
  page('10:03', 'v2', '/'),
  page('11:00', 'v3', '/'),
  page('11:01', 'v3', '/pricing'),
  page('12:00', 'v4', '/blog/hello'),
  at('12:01', 'v4', { type: 'engagement', url: `${SITE}/blog/hello`, engaged_ms: 2_400, scroll_depth: 100 }),
];

let site: CompanyOwner;
const goalIds: Record<string, number> = {};

async function defineGoal(body: object): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${site.companyId}/goals`,
    headers: site.auth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function report(funnelId: number | string, query = '', auth = site.auth) {
  return t.app.inject({
    url: `/api/companies/${site.companyId}/funnels/${funnelId}/report?${query}`,
    headers: auth,
  });
}

beforeAll(async () => {
  t.clock.advance(Date.parse('2026-03-10T15:00:00Z') - t.clock.now().getTime());
  site = await companyOwner(t.app, t.mailer);
  await importRecords(t.app, site, DAY);
  goalIds.home = await defineGoal({ name: 'Home', page_path: '/' });
  goalIds.pricing = await defineGoal({ name: 'Pricing', page_path: '/pricing' });
  goalIds.signup = await defineGoal({ name: 'Signup', event_name: 'Signup' });
  goalIds.pro = await defineGoal({
    name: 'Pro signup',
    event_name: 'Signup',
    prop: { key: 'plan', value: 'pro' },
  });
  goalIds.blog = await defineGoal({ name: 'Blog post', page_path: '/blog/*' });
  goalIds.revenue = await defineGoal({ name: 'Revenue', event_name: 'Signup', revenue_currency: 'EUR' });
});

describe('goal rows', () => {
  it('count converting visitors, visits and events with the rate over all visitors, sorted', async () => {
    const data = await analyticsOf(t.app, site, 'period=today');
    expect(data.summary.visitors).toBe(4);
    const row = (name: string) => data.goals.find((goal) => goal.name === name);
    expect(data.goals.map((goal) => goal.name)).toEqual([
      'Home',
      'Pricing',
      'Revenue',
      'Signup',
      'Blog post',
      'Pro signup',
    ]);
    expect(row('Home')).toEqual({
      goal_id: goalIds.home,
      name: 'Home',
      visitors: 3,
      visits: 3,
      events: 3,
      conversion_rate: 75,
      revenue: null,
      comparison: null,
    });
    // 49.995 rounds half up to 50.00; 10 in `eur` is in the goal's currency.
    expect(row('Revenue')).toMatchObject({ events: 2, revenue: { currency: 'EUR', total: 60, average: 30 } });
    expect(row('Signup')).toMatchObject({ visitors: 2, events: 2, conversion_rate: 50 });
    expect(row('Pro signup')).toMatchObject({ visitors: 1, events: 1, conversion_rate: 25 });
    expect(row('Blog post')).toMatchObject({ visitors: 1, conversion_rate: 25 });
  });

  it('follow the filters, and carry the comparison period', async () => {
    const pricing = await analyticsOf(t.app, site, 'period=today&page=/pricing&compare=previous_period');
    // With a page filter, goals convert on that page's events only: the sign-ups happened on /signup.
    expect(pricing.goals.find((goal) => goal.name === 'Signup')).toMatchObject({ visitors: 0, events: 0 });
    expect(pricing.goals.find((goal) => goal.name === 'Pricing')).toMatchObject({
      visitors: 3,
      conversion_rate: 100,
      comparison: { visitors: 0, visits: 0, events: 0, conversion_rate: 0, revenue: null },
    });
  });

  it('select visits with goal=, its alternatives and its negation', async () => {
    const converted = await analyticsOf(t.app, site, `period=today&goal=${goalIds.signup}`);
    expect(converted.summary).toMatchObject({ visitors: 2, visits: 2, pageviews: 5, events: 2 });
    const either = await analyticsOf(t.app, site, `period=today&goal=${goalIds.pro}|${goalIds.blog}`);
    expect(either.summary.visitors).toBe(2);
    const not = await analyticsOf(t.app, site, `period=today&goal=!${goalIds.signup}`);
    expect(not.summary).toMatchObject({ visitors: 2, visits: 2 });
    expect(not.breakdowns.pages.map((row) => row.value).sort()).toEqual(['/', '/blog/hello', '/pricing']);
  });

  it('refuse a goal filter that is not one of the company’s goals', async () => {
    for (const goal of ['999999', 'signup', `~${goalIds.home}`, `${goalIds.home}|x`]) {
      const response = await t.app.inject({
        url: `${DETAIL_URL}/${site.companyId}?goal=${encodeURIComponent(goal)}`,
        headers: site.auth,
      });
      expect(response.statusCode, goal).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['goal']);
    }
  });
});

describe('custom properties', () => {
  it('break down a key’s values over custom events and filter visits by them', async () => {
    const plans = await analyticsOf(t.app, site, 'period=today&props_key=plan');
    expect(plans.breakdowns.props).toEqual([
      { value: 'free', visitors: 1, events: 1 },
      { value: 'pro', visitors: 1, events: 1 },
    ]);
    // Numbers are compared as written.
    const seats = await analyticsOf(t.app, site, 'period=today&props_key=seats&prop:seats=3');
    expect(seats.breakdowns.props).toEqual([{ value: '3', visitors: 1, events: 1 }]);
    expect(seats.summary.visitors).toBe(1);
    const notPro = await analyticsOf(t.app, site, 'period=today&prop:plan=!pro');
    expect(notPro.summary.visitors).toBe(3);
    expect((await analyticsOf(t.app, site, 'period=today')).breakdowns.props).toBeUndefined();
  });

  it('refuse keys beyond the tracker’s limit and empty values', async () => {
    for (const query of [
      `props_key=${'k'.repeat(301)}`,
      `prop:${'k'.repeat(301)}=x`,
      'prop:plan=',
      'props_key=',
    ]) {
      const response = await t.app.inject({
        url: `${DETAIL_URL}/${site.companyId}?${query}`,
        headers: site.auth,
      });
      expect(response.statusCode, query.slice(0, 20)).toBe(422);
    }
  });
});

describe('engagement per page', () => {
  it('averages the pings of each page in whole seconds and percent, null without one', async () => {
    const data = await analyticsOf(t.app, site, 'period=today');
    const row = (value: string) => data.breakdowns.pages.find((found) => found.value === value);
    expect(row('/pricing')).toMatchObject({ time_on_page: 21, scroll_depth: 76 });
    expect(row('/blog/hello')).toMatchObject({ time_on_page: 2, scroll_depth: 100 });
    expect(row('/')).toMatchObject({ time_on_page: null, scroll_depth: null });
    expect(data.summary.time_on_page).toBeUndefined();
    const pricing = await analyticsOf(t.app, site, 'period=today&page=/pricing');
    expect(pricing.summary).toMatchObject({ time_on_page: 21, scroll_depth: 76 });
  });
});

describe('GET /api/companies/{id}/funnels/{funnel_id}/report', () => {
  let funnelId: number;
  beforeAll(async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${site.companyId}/funnels`,
      headers: site.auth,
      payload: { name: 'Sign-up', steps: [goalIds.home, goalIds.pricing, goalIds.signup] },
    });
    expect(created.statusCode, created.body).toBe(201);
    funnelId = created.json().data.id;
  });

  it('counts the visitors reaching each step in order, with drop-off and conversion', async () => {
    const response = await report(funnelId, 'period=today');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data as FunnelReport).toEqual({
      funnel_id: funnelId,
      name: 'Sign-up',
      range: { from: '2026-03-10', to: '2026-03-10' },
      steps: [
        { goal_id: goalIds.home, name: 'Home', visitors: 3, dropoff: 0, dropoff_rate: 0 },
        // v2 saw pricing before home: only v1 and v3 went on.
        { goal_id: goalIds.pricing, name: 'Pricing', visitors: 2, dropoff: 1, dropoff_rate: 33.3 },
        { goal_id: goalIds.signup, name: 'Signup', visitors: 1, dropoff: 1, dropoff_rate: 50 },
      ],
      conversion_rate: 33.3,
    });
  });

  it('applies filters, and answers zeros when nothing entered', async () => {
    const pro = (await report(funnelId, 'period=today&prop:plan=pro')).json().data as FunnelReport;
    expect(pro.steps.map((step) => step.visitors)).toEqual([1, 1, 1]);
    expect(pro.conversion_rate).toBe(100);
    const nobody = (await report(funnelId, 'period=yesterday')).json().data as FunnelReport;
    expect(nobody.steps.map((step) => [step.visitors, step.dropoff_rate])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(nobody.conversion_rate).toBe(0);
  });

  it('is read by viewers, not by strangers, and answers 404 and 422 as the detail does', async () => {
    const viewer = await teammate(t.app, t.mailer, site, site.companyId, 'viewer');
    expect((await report(funnelId, 'period=today', viewer.auth)).statusCode).toBe(200);
    const stranger = await companyOwner(t.app, t.mailer);
    expect([403, 404]).toContain((await report(funnelId, 'period=today', stranger.auth)).statusCode);
    expect((await report(999_999, 'period=today')).statusCode).toBe(404);
    expect((await report('x1', 'period=today')).statusCode).toBe(404);
    const bad = await report(funnelId, 'period=fortnight&colour=red');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['colour', 'period']);
    expect((await report(funnelId, 'goal=123456789')).statusCode).toBe(422);
    expect(
      (await t.app.inject({ url: `/api/companies/${site.companyId}/funnels/${funnelId}/report` })).statusCode,
    ).toBe(401);
  });
});
