import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsOf, type CompanyOwner, companyOwner, DETAIL_URL, importRecords } from './support/analytics';
import { useTestApp } from './support/app';
import { CHROME_UA, GOOGLEBOT_UA, IPHONE_UA, pageview, track } from './support/tracking';

const t = useTestApp();
const URL_BASE = DETAIL_URL;

type Owner = CompanyOwner;
const owner = (timezone?: string) => companyOwner(t.app, t.mailer, timezone);

/** Moves the app's clock so that it reads `iso` now. */
function setNow(iso: string): void {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

const importEvents = (who: Owner, records: Record<string, unknown>[]) => importRecords(t.app, who, records);
const detail = ({ auth, companyId }: Owner, query = '') =>
  t.app.inject({ url: `${URL_BASE}/${companyId}${query}`, headers: auth });
const detailData = (who: Owner, query = '') => analyticsOf(t.app, who, query.replace(/^\?/, ''));

const SITE = 'https://engines.example';
const at = (time: string, visitor: string, fields: Record<string, unknown>) => ({
  timestamp: `2026-03-10T${time}:00Z`,
  visitor,
  user_agent: CHROME_UA,
  ...fields,
});

/** A timeseries point's figures with nothing in its bucket. */
const NOTHING = {
  visitors: 0,
  visits: 0,
  pageviews: 0,
  views_per_visit: 0,
  bounce_rate: 0,
  visit_duration: 0,
  events: 0,
};
/** A timeseries point's figures for one visit of one pageview and 0 s (a bounce). */
const ONE_BOUNCE = { ...NOTHING, visitors: 1, visits: 1, pageviews: 1, views_per_visit: 1, bounce_rate: 100 };

/** A day of a small site, whose figures are worked out by hand in the tests below. */
const DAY = [
  at('10:00', 'v1', {
    type: 'pageview',
    url: `${SITE}/`,
    referrer: 'https://www.google.com/',
    country: 'FR',
  }),
  at('10:05', 'v1', { type: 'pageview', url: `${SITE}/pricing` }),
  at('10:06', 'v1', { type: 'event', name: 'signup', url: `${SITE}/pricing` }),
  at('10:10', 'v1', { type: 'engagement', url: `${SITE}/pricing`, engaged_ms: 4000 }),
  at('11:00', 'v2', { type: 'pageview', url: `${SITE}/`, country: 'DE', user_agent: IPHONE_UA }),
  // More than 30 minutes after v1's last activity: a second visit.
  at('12:00', 'v1', { type: 'pageview', url: `${SITE}/blog/one?utm_source=news`, country: 'FR' }),
  {
    timestamp: '2026-03-09T09:00:00Z',
    visitor: 'v3',
    type: 'pageview',
    url: `${SITE}/`,
    user_agent: CHROME_UA,
  },
  // Before the periods below, but inside their first week bucket.
  {
    timestamp: '2026-03-02T09:00:00Z',
    visitor: 'v4',
    type: 'pageview',
    url: `${SITE}/`,
    user_agent: CHROME_UA,
  },
];

describe('GET /api/company-visitor-analytics-detail/{id}', () => {
  let site: Owner;
  beforeAll(async () => {
    setNow('2026-03-10T15:00:00Z');
    site = await owner();
    await importEvents(site, DAY);
  });

  it("answers today's summary, hourly timeseries and breakdowns, enveloped", async () => {
    const data = await detailData(site, '?period=today');
    expect(data).toMatchObject({
      company_id: site.companyId,
      timezone: 'UTC',
      range: { from: '2026-03-10', to: '2026-03-10', interval: 'hour' },
      comparison: null,
      filtered: { bots: 0 },
    });
    // Visits: v1 10:00–10:10 (two pageviews and an event), v2 11:00 (bounce), v1 12:00 (bounce).
    expect(data.summary).toEqual({
      visitors: 2,
      visits: 3,
      pageviews: 4,
      views_per_visit: 1.33,
      bounce_rate: 67,
      visit_duration: 200,
      events: 1,
    });
    expect(data.timeseries).toHaveLength(24);
    expect(data.timeseries[0]).toEqual({ date: '2026-03-10T00:00', ...NOTHING });
    // Each hour's figures are those of its own visit: v1's 10-minute visit with a signup, then two bounces.
    expect(data.timeseries.slice(10, 13)).toEqual([
      {
        date: '2026-03-10T10:00',
        visitors: 1,
        visits: 1,
        pageviews: 2,
        views_per_visit: 2,
        bounce_rate: 0,
        visit_duration: 600,
        events: 1,
      },
      { date: '2026-03-10T11:00', ...ONE_BOUNCE },
      { date: '2026-03-10T12:00', ...ONE_BOUNCE },
    ]);
    const { breakdowns } = data;
    expect(breakdowns.pages).toEqual([
      { value: '/', visitors: 2, pageviews: 2, time_on_page: null, scroll_depth: null },
      { value: '/blog/one', visitors: 1, pageviews: 1, time_on_page: null, scroll_depth: null },
      // One ping of 4 s; a ping without a scroll depth reports 0 (the ingestion stores it so).
      { value: '/pricing', visitors: 1, pageviews: 1, time_on_page: 4, scroll_depth: 0 },
    ]);
    expect(breakdowns.sources).toEqual([
      { value: 'Direct / None', visitors: 1, visits: 1 },
      { value: 'Google', visitors: 1, visits: 1 },
      { value: 'news', visitors: 1, visits: 1 },
    ]);
    expect(breakdowns.entry_pages.map((row) => row.value)).toEqual(['/', '/blog/one']);
    expect(breakdowns.exit_pages).toEqual([
      { value: '/', visitors: 1, visits: 1 },
      { value: '/blog/one', visitors: 1, visits: 1 },
      { value: '/pricing', visitors: 1, visits: 1 },
    ]);
    expect(breakdowns.countries).toEqual([
      { value: 'DE', visitors: 1, visits: 1 },
      { value: 'FR', visitors: 1, visits: 2 },
    ]);
    expect(breakdowns.devices).toEqual([
      { value: 'desktop', visitors: 1, visits: 2 },
      { value: 'mobile', visitors: 1, visits: 1 },
    ]);
    expect(breakdowns.utm_sources).toEqual([{ value: 'news', visitors: 1, visits: 1 }]);
    expect(breakdowns.referrers).toEqual([{ value: 'google.com', visitors: 1, visits: 1 }]);
    expect(breakdowns.events).toEqual([{ value: 'signup', visitors: 1, events: 1 }]);
    expect(breakdowns.languages).toEqual([]);
  });

  it('adds days up, compares with the days before, and cuts breakdowns to the limit', async () => {
    const data = await detailData(site, '?period=7d&compare=previous_period&limit=1');
    expect(data.range).toEqual({ from: '2026-03-04', to: '2026-03-10', interval: 'day' });
    // v3 yesterday is a visitor of another day: days add up.
    expect(data.summary).toMatchObject({ visitors: 3, visits: 4, pageviews: 5 });
    // The 7 days before: v4's single pageview on 2 March.
    expect(data.comparison).toEqual({
      visitors: 1,
      visits: 1,
      pageviews: 1,
      views_per_visit: 1,
      bounce_rate: 100,
      visit_duration: 0,
      events: 0,
    });
    const empty = await detailData(
      site,
      '?period=custom&from=2026-02-01&to=2026-02-02&compare=previous_period',
    );
    expect(empty.comparison).toMatchObject({
      visits: 0,
      views_per_visit: 0,
      bounce_rate: 0,
      visit_duration: 0,
    });
    expect(data.timeseries.map((point) => point.date)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(data.timeseries.at(-2)).toEqual({ date: '2026-03-09', ...ONE_BOUNCE });
    // Today: v1's 600 s visit and two bounces of 0 s.
    expect(data.timeseries.at(-1)).toEqual({
      date: '2026-03-10',
      visitors: 2,
      visits: 3,
      pageviews: 4,
      views_per_visit: 1.33,
      bounce_rate: 67,
      visit_duration: 200,
      events: 1,
    });
    expect(data.breakdowns.pages).toEqual([
      { value: '/', visitors: 3, pageviews: 3, time_on_page: null, scroll_depth: null },
    ]);
  });

  it('cuts weeks from Sunday and months from the 1st, counting only the period', async () => {
    const weeks = await detailData(site, '?period=custom&from=2026-03-03&to=2026-03-10&interval=week');
    // v4's bounce on 2 March is before the period: the first week counts nothing.
    expect(weeks.timeseries).toEqual([
      { date: '2026-03-01', ...NOTHING },
      {
        date: '2026-03-08',
        visitors: 3,
        visits: 4,
        pageviews: 5,
        views_per_visit: 1.25,
        bounce_rate: 75,
        visit_duration: 150,
        events: 1,
      },
    ]);
    const months = await detailData(site, '?period=custom&from=2026-02-15&to=2026-03-10&interval=month');
    expect(months.timeseries.map((point) => [point.date, point.visitors])).toEqual([
      ['2026-02-01', 0],
      ['2026-03-01', 4],
    ]);
    const all = await detailData(site, '?period=all');
    expect(all.range).toEqual({ from: '2026-03-02', to: '2026-03-10', interval: 'day' });
    expect(all.summary.visits).toBe(5);
  });

  it('filters visits by their fields and events by page, prefix and name', async () => {
    const germany = await detailData(site, '?period=today&country=de');
    expect(germany.summary).toMatchObject({ visitors: 1, visits: 1, pageviews: 1, events: 0 });
    const pricing = await detailData(site, '?period=today&page=/pricing');
    expect(pricing.summary).toMatchObject({
      visitors: 1,
      visits: 1,
      pageviews: 1,
      events: 1,
      bounce_rate: 0,
      time_on_page: 4,
      scroll_depth: 0,
    });
    expect(pricing.breakdowns.pages).toEqual([
      { value: '/pricing', visitors: 1, pageviews: 1, time_on_page: 4, scroll_depth: 0 },
    ]);
    const blog = await detailData(site, '?period=today&page=/blog*');
    expect(blog.summary).toMatchObject({ visits: 1, pageviews: 1 });
    const signup = await detailData(site, '?period=today&event=signup');
    // The visits with a signup, and all of their pageviews.
    expect(signup.summary).toMatchObject({ visitors: 1, visits: 1, pageviews: 2, events: 1 });
    const google = await detailData(site, '?period=today&referrer=google.com&source=Google');
    expect(google.summary).toMatchObject({ visits: 1, pageviews: 2 });
    const none = await detailData(site, '?period=today&browser=Nobody');
    expect(none.summary).toMatchObject({ visitors: 0, visits: 0, pageviews: 0 });
    // Realtime ignores the period and the filters: nothing happened in the last 5 minutes.
    expect(none.realtime).toEqual({ visitors: 0 });
  });

  it('counts bots and realtime visitors from live traffic', async () => {
    setNow(new Date().toISOString());
    const live = await owner();
    const { trackingKey } = live;
    await track(t.app, pageview({ trackingKey }, `${SITE}/`), { userAgent: GOOGLEBOT_UA });
    expect((await track(t.app, pageview({ trackingKey }, `${SITE}/`))).statusCode).toBe(202);
    const data = await detailData(live, '?period=today');
    expect(data.filtered).toEqual({ bots: 1 });
    expect(data.realtime).toEqual({ visitors: 1 });
    setNow('2026-03-10T15:00:00Z');
  });
});

describe('hour buckets across daylight-saving changes', () => {
  it('leaves out the skipped hour and keeps the repeated one once', async () => {
    setNow('2026-11-02T15:00:00Z');
    const site = await owner('America/New_York');
    await importEvents(site, [
      // 01:30 EDT and 01:30 EST on 1 November 2026: the same wall-clock hour, twice.
      { timestamp: '2026-11-01T05:30:00Z', visitor: 'a', type: 'pageview', url: `${SITE}/` },
      { timestamp: '2026-11-01T06:30:00Z', visitor: 'b', type: 'pageview', url: `${SITE}/` },
    ]);
    const fall = await detailData(site, '?period=custom&from=2026-11-01&to=2026-11-01&interval=hour');
    expect(fall.timeseries).toHaveLength(24);
    expect(fall.timeseries[1]).toEqual({
      ...ONE_BOUNCE,
      date: '2026-11-01T01:00',
      visitors: 2,
      visits: 2,
      pageviews: 2,
    });
    const spring = await detailData(site, '?period=custom&from=2026-03-08&to=2026-03-08&interval=hour');
    expect(spring.timeseries).toHaveLength(23);
    expect(spring.timeseries.map((point) => point.date)).not.toContain('2026-03-08T02:00');
    setNow('2026-03-10T15:00:00Z');
  });
});

describe('refusals', () => {
  let site: Owner;
  beforeAll(async () => {
    site = await owner();
  });

  it.each([
    ['?colour=red', 'colour'],
    ['?page=/a&page=/b', 'page'],
    ['?page=', 'page'],
    ['?country=', 'country'],
    ['?period=fortnight', 'period'],
    ['?interval=minute', 'interval'],
    ['?compare=yes', 'compare'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=1.5', 'limit'],
    ['?from=2026-01-01', 'from'],
    ['?period=custom&to=2026-01-01', 'from'],
    ['?period=custom&from=2026-02-30&to=2026-03-01', 'from'],
    ['?period=custom&from=2026-03-02&to=2026-03-01', 'to'],
    ['?period=custom&from=2026-03-01&to=2099-01-01', 'to'],
    ['?period=30d&interval=hour', 'interval'],
    ['?period=custom&from=2000-01-01&to=2026-03-01&interval=day', 'interval'],
    ['?country=France', 'country'],
    ['?device=watch', 'device'],
    [`?source=${'x'.repeat(2001)}`, 'source'],
  ])('%s is 422 naming %s', async (query, field) => {
    const response = await detail(site, query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'The given data was invalid.' });
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('is 401 without a token, 403 for a company of someone else, 404 for a malformed id', async () => {
    expect((await t.app.inject({ url: `${URL_BASE}/${site.companyId}` })).statusCode).toBe(401);
    const other = await owner();
    const foreign = await t.app.inject({ url: `${URL_BASE}/${site.companyId}`, headers: other.auth });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'You do not have access to this company.' });
    expect((await t.app.inject({ url: `${URL_BASE}/abc`, headers: site.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${URL_BASE}/999999`, headers: site.auth })).statusCode).toBe(403);
  });
});
