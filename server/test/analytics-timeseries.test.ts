import type { AnalyticsDetail, TimeseriesPoint } from '@footfall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { analyticsOf, type CompanyOwner, companyOwner, importRawRecords } from './support/analytics';
import { useTestApp } from './support/app';
import { bearer, callStats, createKey } from './support/stats-api';

// Every summary figure per timeseries bucket, worked out by hand: a visit (its bounce and duration with
// it) counts in the hour it started, its pageviews and custom events in the hours they happened.

const t = useTestApp();
const SITE = 'https://engines.example';

const setNow = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
const record = (time: string, visitor: string, type: string, path: string, fields = {}) => ({
  timestamp: `2026-03-${time}:00Z`,
  visitor,
  type,
  url: `${SITE}${path}`,
  ...fields,
});
const FR = { country: 'FR' };

/**
 * On 10 March: a, from France, 09:50–10:15 (1 500 s), a pageview in each hour and a signup at 10:05;
 * b bounces at 10:30 (0 s); c, from France, 10:40–10:44 (240 s), two pageviews. On 9 March d, from
 * France, bounces at 08:00.
 */
const RECORDS = [
  record('10T09:50', 'a', 'pageview', '/', FR),
  record('10T10:05', 'a', 'event', '/pricing', { name: 'signup' }),
  record('10T10:10', 'a', 'pageview', '/pricing'),
  record('10T10:15', 'a', 'engagement', '/pricing'),
  record('10T10:30', 'b', 'pageview', '/', { country: 'DE' }),
  record('10T10:40', 'c', 'pageview', '/', FR),
  record('10T10:44', 'c', 'pageview', '/blog'),
  record('09T08:00', 'd', 'pageview', '/', FR),
];

type Figures = [number, number, number, number, number, number, number];
/** A bucket: visitors, visits, pageviews, views per visit, bounce rate, visit duration, events. */
const point = (date: string, ...figures: Figures): TimeseriesPoint => {
  const [visitors, visits, pageviews, views_per_visit, bounce_rate, visit_duration, events] = figures;
  return { date, visitors, visits, pageviews, views_per_visit, bounce_rate, visit_duration, events };
};
const counted = (data: AnalyticsDetail) =>
  data.timeseries.filter((bucket) => bucket.visits > 0 || bucket.pageviews > 0 || bucket.events > 0);

/** The hours of 10 March that count anything, per query. */
const HOURS: [string, TimeseriesPoint[]][] = [
  [
    '',
    [
      point('2026-03-10T09:00', 1, 1, 1, 1, 0, 1500, 0),
      // b and c started here; a's second pageview and its signup happened here.
      point('2026-03-10T10:00', 2, 2, 4, 2, 50, 120, 1),
    ],
  ],
  [
    '&country=FR',
    [point('2026-03-10T09:00', 1, 1, 1, 1, 0, 1500, 0), point('2026-03-10T10:00', 1, 1, 3, 3, 0, 240, 1)],
  ],
  [
    // Only a has a /pricing pageview: its visit counts at 09:00, its /pricing pageview and signup at 10:00,
    // an hour without visits, whose ratios are 0.
    '&page=/pricing',
    [point('2026-03-10T09:00', 1, 1, 0, 0, 0, 1500, 0), point('2026-03-10T10:00', 0, 0, 1, 0, 0, 0, 1)],
  ],
];

describe('the figures of each timeseries bucket', () => {
  let site: CompanyOwner;
  beforeAll(async () => {
    setNow('2026-03-10T15:00:00Z');
    site = await companyOwner(t.app, t.mailer);
    await importRawRecords(t.app, site, RECORDS);
  });

  it('are those of each hour, from raw rows, with and without filters', async () => {
    for (const [filters, hours] of HOURS)
      expect(counted(await analyticsOf(t.app, site, `period=today${filters}`)), filters).toEqual(hours);
  });

  it('are those of each day, and of a week over its days', async () => {
    const days = await analyticsOf(t.app, site, 'period=custom&from=2026-03-09&to=2026-03-10&country=FR');
    expect(days.timeseries).toEqual([
      point('2026-03-09', 1, 1, 1, 1, 100, 0, 0),
      point('2026-03-10', 2, 2, 4, 2, 0, 870, 1),
    ]);
    const week = await analyticsOf(t.app, site, 'period=custom&from=2026-03-09&to=2026-03-10&interval=week');
    // Four visits, two of them bounces; 1 740 s between them.
    expect(week.timeseries).toEqual([point('2026-03-08', 4, 4, 6, 1.5, 50, 435, 1)]);
    expect(week.timeseries[0]).toMatchObject({ ...week.summary, date: '2026-03-08' });
  });

  it('are the same from packed days', async () => {
    setNow('2026-03-11T15:00:00Z');
    expect((await packEndedDays(t.app)).days).toBeGreaterThanOrEqual(2);
    for (const [filters, hours] of HOURS)
      expect(counted(await analyticsOf(t.app, site, `period=yesterday${filters}`)), filters).toEqual(hours);
    setNow('2026-03-10T15:00:00Z');
  });

  it('are what the stats API answers too', async () => {
    const owner = {
      id: 0,
      companyId: site.companyId,
      auth: { authorization: String(site.auth.authorization) },
    };
    const key = await createKey(t.app, owner);
    const response = await callStats(t.app, site.companyId, bearer(key), '?period=today');
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<{ data: AnalyticsDetail }>();
    expect(counted(data)).toEqual(HOURS[0]?.[1]);
  });
});
