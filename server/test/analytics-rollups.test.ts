import type { AnalyticsDetail } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { REFRESH_MS } from '../src/storage/rollups';
import { analyticsOf, type CompanyOwner, companyOwner, importRecords } from './support/analytics';
import { useTestApp } from './support/app';
import { pageview, track } from './support/tracking';

const t = useTestApp();
const SITE = 'https://engines.example';

type Owner = CompanyOwner;
const owner = () => companyOwner(t.app, t.mailer);
const detail = (who: Owner, query: string) => analyticsOf(t.app, who, query);
const importLines = (who: Owner, records: Record<string, unknown>[]) => importRecords(t.app, who, records);

const daysAgo = (days: number, hour = 12) => {
  const at = new Date(t.clock.now().getTime() - days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

async function storedRollupDays(companyId: number): Promise<string[]> {
  const today = new Date(t.clock.now()).toISOString().slice(0, 10);
  const rows = await t.app.repos.rollups.read(companyId, '2000-01-01', today);
  return rows.map((row) => row.day).sort();
}

describe('daily rollups', () => {
  it('are built by the first unfiltered query, and an import into a past day replaces them', async () => {
    const site = await owner();
    await importLines(site, [{ timestamp: daysAgo(3), visitor: 'a', type: 'pageview', url: `${SITE}/` }]);
    expect(await storedRollupDays(site.companyId)).toEqual([]);
    expect((await detail(site, 'period=7d')).summary.visitors).toBe(1);
    // Only days with visits are stored.
    expect(await storedRollupDays(site.companyId)).toEqual([daysAgo(3).slice(0, 10)]);

    await importLines(site, [
      { timestamp: daysAgo(3, 14), visitor: 'b', type: 'pageview', url: `${SITE}/b` },
    ]);
    const after = await detail(site, 'period=7d');
    expect(after.summary).toMatchObject({ visitors: 2, visits: 2, pageviews: 2 });
    expect(after.breakdowns.pages.map((row) => row.value)).toEqual(['/', '/b']);
  });

  it("keep today's figures current within seconds as live events arrive", async () => {
    const site = await owner();
    await track(t.app, pageview({ trackingKey: site.trackingKey }, `${SITE}/`));
    expect((await detail(site, 'period=today')).summary.visitors).toBe(1);
    await track(t.app, pageview({ trackingKey: site.trackingKey }, `${SITE}/next`));
    // Today's row is rebuilt at most every REFRESH_MS under live traffic.
    expect((await detail(site, 'period=today')).summary.visitors).toBe(1);
    t.clock.advance(REFRESH_MS);
    const later = await detail(site, 'period=today');
    expect(later.summary).toMatchObject({ visitors: 2, pageviews: 2 });
    expect(later.timeseries.reduce((sum, hour) => sum + hour.pageviews, 0)).toBe(2);
  });

  it('agree with the raw path that filtered queries take', async () => {
    const site = await owner();
    await importLines(site, [
      { timestamp: daysAgo(1, 9), visitor: 'a', type: 'pageview', url: `${SITE}/`, country: 'FR' },
      { timestamp: daysAgo(1, 10), visitor: 'b', type: 'pageview', url: `${SITE}/`, country: 'FR' },
      { timestamp: daysAgo(2, 10), visitor: 'b', type: 'pageview', url: `${SITE}/x`, country: 'FR' },
    ]);
    const rolled = await detail(site, 'period=7d');
    const raw = await detail(site, 'period=7d&country=FR');
    expect(raw.summary).toEqual(rolled.summary);
    expect(raw.timeseries).toEqual(rolled.timeseries);
    expect(raw.breakdowns).toEqual(rolled.breakdowns);
  });

  it("are dropped when the company's time zone changes, since days are cut elsewhere", async () => {
    const site = await owner();
    // 23:30 UTC two days ago is the next morning in Tokyo.
    await importLines(site, [
      {
        timestamp: daysAgo(2, 23).replace(':00:00', ':30:00'),
        visitor: 'a',
        type: 'pageview',
        url: `${SITE}/`,
      },
    ]);
    const utc = await detail(site, 'period=7d');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${site.companyId}`,
      headers: site.auth,
      payload: { timezone: 'Asia/Tokyo' },
    });
    expect(patched.statusCode).toBe(200);
    const tokyo = await detail(site, 'period=7d');
    const dayOf = (data: AnalyticsDetail) => data.timeseries.find((point) => point.visits > 0)?.date;
    expect(dayOf(tokyo)).not.toBe(dayOf(utc));
  });
});
