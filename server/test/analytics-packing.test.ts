import { PackRaceError } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { analyticsDetail } from '../src/analytics/detail';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { PACK_AFTER_MS } from '../src/storage/packing';
import { decodeSegment } from '../src/storage/segment-codec';
import { companyOwner, importRawRecords } from './support/analytics';
import { createTestApp, useTestApp } from './support/app';

const t = useTestApp();
const DAY = 86_400_000;
const SITE = 'https://packing.example';

/** Puts the clock at 01:00 UTC, so that yesterday ended an hour ago. */
function oneAm(): number {
  const now = t.clock.now().getTime();
  const target = Math.floor(now / DAY) * DAY + DAY + 3_600_000;
  t.clock.advance(target - now);
  return target;
}

/** Packs what is due, and answers the days packed of one company (others in the database may have some). */
async function packedDays(companyId: number): Promise<string[]> {
  const days: string[] = [];
  await packEndedDays(t.app, (id, day) => {
    if (id === companyId) days.push(day.date);
  });
  return days;
}

async function rawCounts(companyId: number) {
  const { events, sessions } = t.app.db.schema;
  const visits = await t.app.db.orm.select().from(sessions).where(eq(sessions.companyId, companyId));
  const stored = await t.app.db.orm.select().from(events).where(eq(events.companyId, companyId));
  return { visits: visits.length, events: stored.length };
}

test('ended days are packed into segments and their raw rows deleted; answers stay the same', async () => {
  const now = oneAm();
  const owner = await companyOwner(t.app, t.mailer);
  const at = (ms: number) => new Date(now - ms).toISOString();
  await importRawRecords(t.app, owner, [
    { timestamp: at(3 * DAY), visitor: 'a', type: 'pageview', url: `${SITE}/`, country: 'FR' },
    { timestamp: at(3 * DAY - 60_000), visitor: 'a', type: 'event', name: 'signup', url: `${SITE}/` },
    { timestamp: at(2 * DAY), visitor: 'b', type: 'pageview', url: `${SITE}/pricing`, country: 'DE' },
    // Yesterday, ended an hour ago; and today, which stays raw.
    { timestamp: at(2 * 3_600_000), visitor: 'c', type: 'pageview', url: `${SITE}/blog/x` },
    { timestamp: at(30 * 60_000), visitor: 'd', type: 'pageview', url: `${SITE}/today` },
  ]);
  const company = { id: owner.companyId, timezone: 'UTC' };
  const queries = [{ period: '7d' }, { period: '7d', country: 'FR' }, { period: '7d', page: '/blog/*' }];
  const before = await Promise.all(queries.map((query) => analyticsDetail(t.app, company, query)));

  const seen: string[] = [];
  expect(await packEndedDays(t.app, (_, day) => seen.push(day.date))).toEqual({
    days: 3,
    visits: 3,
    events: 4,
  });
  expect(seen).toEqual([3, 2, 1].map((back) => new Date(now - back * DAY).toISOString().slice(0, 10)));
  expect(await rawCounts(owner.companyId)).toEqual({ visits: 1, events: 1 });
  const segments = await t.app.repos.segments.read(owner.companyId, now - 7 * DAY, now);
  expect(segments.map((segment) => [segment.visits, segment.events])).toEqual([
    [1, 2],
    [1, 1],
    [1, 1],
  ]);
  expect(decodeSegment(segments[0]?.data as Buffer).dictionaries.names).toEqual([null, 'signup']);

  await t.app.repos.rollups.forget(owner.companyId);
  const after = await Promise.all(queries.map((query) => analyticsDetail(t.app, company, query)));
  expect(after).toEqual(before);
  // Nothing is left to pack until today ends.
  expect(await packedDays(owner.companyId)).toEqual([]);
});

test('a day is packed only once it has been over for a while, and rows imported later merge into it', async () => {
  // The test clock runs: a minute before the day may be packed, then two minutes on.
  const now = oneAm() - 3_600_000 + PACK_AFTER_MS - 60_000;
  t.clock.advance(now - t.clock.now().getTime());
  const owner = await companyOwner(t.app, t.mailer);
  await importRawRecords(t.app, owner, [
    {
      timestamp: new Date(now - 4 * 3_600_000).toISOString(),
      visitor: 'a',
      type: 'pageview',
      url: `${SITE}/`,
    },
  ]);
  expect(await packedDays(owner.companyId)).toHaveLength(0);
  t.clock.advance(120_000);
  expect(await packedDays(owner.companyId)).toHaveLength(1);

  await importRawRecords(t.app, owner, [
    {
      timestamp: new Date(now - 3 * 3_600_000).toISOString(),
      visitor: 'b',
      type: 'pageview',
      url: `${SITE}/x`,
    },
  ]);
  const company = { id: owner.companyId, timezone: 'UTC' };
  const merged = await analyticsDetail(t.app, company, { period: 'yesterday', page: '/*' });
  expect(merged.summary).toMatchObject({ visitors: 2, pageviews: 2 });
  expect(await packedDays(owner.companyId)).toHaveLength(1);
  expect(await rawCounts(owner.companyId)).toEqual({ visits: 0, events: 0 });
  const [segment] = await t.app.repos.segments.read(owner.companyId, now - DAY, now);
  expect(segment).toMatchObject({ visits: 2, events: 2 });
  expect(await analyticsDetail(t.app, company, { period: 'yesterday', page: '/*' })).toEqual(merged);
});

test('a pack that finds other rows than it read changes nothing', async () => {
  const now = oneAm();
  const owner = await companyOwner(t.app, t.mailer);
  await importRawRecords(t.app, owner, [
    {
      timestamp: new Date(now - 2 * 3_600_000).toISOString(),
      visitor: 'a',
      type: 'pageview',
      url: `${SITE}/`,
    },
  ]);
  const from = now - DAY - 3_600_000;
  const range = { from, to: from + DAY, eventsBefore: from + DAY, visits: 1, events: 0 };
  const segment = { startsAt: from, endsAt: from + DAY, visits: 0, events: 0, data: Buffer.from('x') };
  await expect(t.app.repos.segments.pack(owner.companyId, segment, range)).rejects.toBeInstanceOf(
    PackRaceError,
  );
  expect(await rawCounts(owner.companyId)).toEqual({ visits: 1, events: 1 });
  expect(await t.app.repos.segments.read(owner.companyId, from, from + DAY)).toEqual([]);
});

test("a company is not packed while an import into it runs in this app, and another app's imports do not hold it", async () => {
  const now = oneAm();
  const owner = await companyOwner(t.app, t.mailer);
  await importRawRecords(t.app, owner, [
    { timestamp: new Date(now - 2 * DAY).toISOString(), visitor: 'a', type: 'pageview', url: `${SITE}/` },
  ]);
  const other = await createTestApp();
  try {
    const endElsewhere = other.app.importsUnderway.begin(owner.companyId);
    const end = t.app.importsUnderway.begin(owner.companyId);
    expect(await packedDays(owner.companyId)).toEqual([]);
    end();
    // Ending twice counts once: the other app's import still runs, and holds only its own app's packing.
    end();
    expect(other.app.importsUnderway.has(owner.companyId)).toBe(true);
    expect(await packedDays(owner.companyId)).toHaveLength(1);
    endElsewhere();
  } finally {
    await other.close();
  }
});
