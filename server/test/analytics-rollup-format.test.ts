import { describe, expect, it } from 'vitest';
import { analyticsDetail } from '../src/analytics/detail';
import { purgeExpiredEvents } from '../src/storage/retention';
import { ROLLUP_FORMAT } from '../src/storage/rollup-codec';
import { type CompanyOwner, companyOwner, importRecords } from './support/analytics';
import { useTestApp } from './support/app';

// Rollups stored in the first format (no version; hours without bounces and durations, and without their
// custom events) are rebuilt from the rows behind them, or kept when retention has deleted those rows.

const t = useTestApp();
const DAY_MS = 86_400_000;
const SITE = 'https://engines.example';

/** The stored JSON of `stats` as the first format wrote it. */
function inFirstFormat(stats: string): string {
  const stored = JSON.parse(stats) as { totals: unknown; hours: number[][]; breakdowns: unknown };
  return JSON.stringify({
    totals: stored.totals,
    hours: stored.hours.map(([key, visitors, visits, pageviews]) => [key, visitors, visits, pageviews, 0]),
    breakdowns: stored.breakdowns,
  });
}

async function storedRow(companyId: number, day: string) {
  const [row] = await t.app.repos.rollups.read(companyId, day, day);
  if (!row) throw new Error(`no rollup of ${day}`);
  return row;
}

/** Rewrites a company's stored day in the first format, keeping when it was built. */
async function downgrade(companyId: number, day: string): Promise<void> {
  const row = await storedRow(companyId, day);
  await t.app.repos.rollups.save(companyId, [{ ...row, stats: inFirstFormat(row.stats) }]);
}

/**
 * A day, `daysAgo` days back, with a visit from 09:50 to 10:15 (a pageview in each hour, a signup at
 * 10:05) and a bounce at 11:00.
 */
async function companyWithDay(daysAgo: number): Promise<{ owner: CompanyOwner; day: string }> {
  const owner = await companyOwner(t.app, t.mailer);
  const day = new Date(t.clock.now().getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);
  const at = (time: string) => `${day}T${time}:00Z`;
  await importRecords(t.app, owner, [
    { timestamp: at('09:50'), visitor: 'a', type: 'pageview', url: `${SITE}/` },
    { timestamp: at('10:05'), visitor: 'a', type: 'event', name: 'signup', url: `${SITE}/` },
    { timestamp: at('10:15'), visitor: 'a', type: 'pageview', url: `${SITE}/pricing` },
    { timestamp: at('11:00'), visitor: 'b', type: 'pageview', url: `${SITE}/` },
  ]);
  return { owner, day };
}

const hourly = (day: string) => ({ period: 'custom', from: day, to: day, interval: 'hour' });

describe('rollups in the first format', () => {
  it('are rebuilt from the rows behind them, exactly, and stored in the current format', async () => {
    const { owner, day } = await companyWithDay(3);
    const company = { id: owner.companyId, timezone: 'UTC' };
    const expected = await analyticsDetail(t.app, company, hourly(day));
    const current = await storedRow(owner.companyId, day);
    expect(JSON.parse(current.stats)).toMatchObject({ format: ROLLUP_FORMAT });

    await downgrade(owner.companyId, day);
    t.clock.advance(60_000);
    const queriedAt = t.clock.now().getTime();
    expect(await analyticsDetail(t.app, company, hourly(day))).toEqual(expected);
    expect(expected.timeseries.slice(9, 12)).toMatchObject([
      { visits: 1, pageviews: 1, bounce_rate: 0, visit_duration: 1500, events: 0 },
      { visits: 0, pageviews: 1, events: 1 },
      { visits: 1, pageviews: 1, bounce_rate: 100, visit_duration: 0, events: 0 },
    ]);
    const rebuilt = await storedRow(owner.companyId, day);
    expect(JSON.parse(rebuilt.stats)).toEqual(JSON.parse(current.stats));
    expect(rebuilt.builtAt).toBeGreaterThanOrEqual(queriedAt);
  });

  it('are kept, and saved in the current format, when retention has deleted the rows behind them', async () => {
    const { owner, day } = await companyWithDay(20);
    const company = { id: owner.companyId, timezone: 'UTC' };
    const before = await analyticsDetail(t.app, company, hourly(day));
    // Past the free plan's 365 days: the purge keeps the day's rollup and deletes its rows.
    t.clock.advance(350 * DAY_MS);
    expect(await purgeExpiredEvents(t.app)).toMatchObject({ visits: 2 });
    await downgrade(owner.companyId, day);

    const after = await analyticsDetail(t.app, company, hourly(day));
    expect(after.summary).toEqual(before.summary);
    expect(after.summary).toMatchObject({ visits: 2, bounce_rate: 50, visit_duration: 750, events: 1 });
    // The hours keep their visits and pageviews; what the first format did not store reads as 0.
    expect(after.timeseries.map(({ visits, pageviews }) => [visits, pageviews])).toEqual(
      before.timeseries.map(({ visits, pageviews }) => [visits, pageviews]),
    );
    expect(after.timeseries[11]).toMatchObject({ visits: 1, bounce_rate: 0, visit_duration: 0, events: 0 });
    const kept = await storedRow(owner.companyId, day);
    expect(JSON.parse(kept.stats)).toMatchObject({ format: ROLLUP_FORMAT, totals: { visits: 2 } });

    // Not retried: the row stays as saved.
    t.clock.advance(60_000);
    expect((await analyticsDetail(t.app, company, { period: 'all' })).range.from).toBe(day);
    expect(await storedRow(owner.companyId, day)).toEqual(kept);
  });
});
