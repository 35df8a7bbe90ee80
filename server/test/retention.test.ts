import { expect, test } from 'vitest';
import { analyticsDetail } from '../src/analytics/detail';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { purgeExpiredEvents } from '../src/storage/retention';
import { companyOwner, importRawRecords } from './support/analytics';
import { useTestApp } from './support/app';

const t = useTestApp();
const DAY = 86_400_000;
const SITE = 'https://engines.example';

/** A company with a visit 20 days ago (a pageview from France and a signup) and one 2 days ago. */
async function ownerWithHistory() {
  const owner = await companyOwner(t.app, t.mailer);
  const at = (daysAgo: number) => new Date(t.clock.now().getTime() - daysAgo * DAY).toISOString();
  await importRawRecords(t.app, owner, [
    { timestamp: at(20), visitor: 'old', type: 'pageview', url: `${SITE}/old`, country: 'FR' },
    { timestamp: at(20), visitor: 'old', type: 'event', name: 'signup', url: `${SITE}/old` },
    { timestamp: at(2), visitor: 'recent', type: 'pageview', url: `${SITE}/recent` },
  ]);
  return owner;
}

test('events past the plan retention are purged while their days keep their figures through rollups', async () => {
  const owner = await ownerWithHistory();
  const company = { id: owner.companyId, timezone: 'UTC' };
  const before = await analyticsDetail(t.app, company, { period: 'all' });
  // The purge must build the rollups of the days it empties itself.
  await t.app.repos.rollups.forget(owner.companyId);

  // The free plan keeps 365 days: 350 days on, the first import is 370 days old, the second 352.
  t.clock.advance(350 * DAY);
  expect(await purgeExpiredEvents(t.app)).toMatchObject({ events: 2, visits: 1 });
  const { events, sessions } = t.app.db.schema;
  expect(await t.app.db.orm.select().from(events)).toHaveLength(1);
  expect(await t.app.db.orm.select().from(sessions)).toHaveLength(1);

  const after = await analyticsDetail(t.app, company, { period: 'all' });
  expect(after.range.from).toBe(before.range.from);
  expect(after.summary).toEqual(before.summary);
  expect(after.breakdowns.pages).toEqual(before.breakdowns.pages);
  expect(after.breakdowns.events).toEqual([{ value: 'signup', visitors: 1, events: 1 }]);
  // Filters read raw rows, which are gone before the retention window.
  const filtered = await analyticsDetail(t.app, company, { period: 'all', country: 'FR' });
  expect(filtered.summary.visits).toBe(0);
  // A second pass finds nothing more to purge.
  expect(await purgeExpiredEvents(t.app)).toMatchObject({ events: 0, visits: 0 });
});

test('packed days past the plan retention are deleted too, their rollups kept', async () => {
  // Past the retention of the rows that the first test left, so that this purge counts only its own.
  t.clock.advance(400 * DAY);
  await purgeExpiredEvents(t.app);
  const owner = await ownerWithHistory();
  expect((await packEndedDays(t.app)).days).toBeGreaterThanOrEqual(2);
  const company = { id: owner.companyId, timezone: 'UTC' };
  const before = await analyticsDetail(t.app, company, { period: 'all' });
  await t.app.repos.rollups.forget(owner.companyId);

  t.clock.advance(350 * DAY);
  expect(await purgeExpiredEvents(t.app)).toMatchObject({ events: 2, visits: 1 });
  const left = await t.app.repos.segments.read(owner.companyId, 0, t.clock.now().getTime());
  expect(left.map((segment) => segment.visits)).toEqual([1]);
  const after = await analyticsDetail(t.app, company, { period: 'all' });
  expect(after.range.from).toBe(before.range.from);
  expect(after.summary).toEqual(before.summary);
  expect((await analyticsDetail(t.app, company, { period: 'all', country: 'FR' })).summary.visits).toBe(0);
});
