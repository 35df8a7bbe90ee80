import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, registration, unique, uniqueEmail, useTestDb } from '../../../test/support/use-test-db';
import { EVENT_KINDS } from '../../schema/types';

const page = { offset: 0, limit: 100 };

describe('the admin directory repository', () => {
  const t = useTestDb();
  const repo = () => t.repos.adminDirectory;

  async function registered(companyName = unique('Company'), email = uniqueEmail()) {
    return t.repos.users.register({
      ...registration({ email }),
      company: { ...registration().company, name: companyName },
    });
  }

  it('searches companies by name, website and owner address, matching % and _ literally', async () => {
    const tag = unique('pct');
    const { company: percent, user } = await registered(`${tag} 100% Pure`);
    await registered(`${tag} 1000 Pure`);
    const found = await repo().listCompanies({ q: `${tag} 100%` }, page);
    expect(found.rows.map((row) => row.id)).toEqual([percent.id]);
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({
      plan: 'free',
      members: 1,
      owner: { id: user.id, email: user.email },
    });
    const byOwner = await repo().listCompanies({ q: user.email.toUpperCase() }, page);
    expect(byOwner.rows.map((row) => row.id)).toEqual([percent.id]);
    const underscore = await repo().listCompanies({ q: `${tag}_100` }, page);
    expect(underscore.total).toBe(0);
  });

  it('filters by listed and suspended, newest first, a page at a time', async () => {
    const tag = unique('filter');
    const older = await registered(`${tag} older`);
    const newer = await registered(`${tag} newer`);
    await t.db.orm
      .update(t.db.schema.companies)
      .set({ createdAt: at('2020-01-01T00:00:00Z') })
      .where(eq(t.db.schema.companies.id, older.company.id));
    expect(await repo().updateCompany(newer.company.id, { listed: true }, new Date())).toBe(true);
    expect(await repo().updateCompany(older.company.id, { suspendedAt: new Date() }, new Date())).toBe(true);
    const all = await repo().listCompanies({ q: tag }, page);
    expect(all.rows.map((row) => row.id)).toEqual([newer.company.id, older.company.id]);
    expect((await repo().listCompanies({ q: tag, listed: true }, page)).rows.map((r) => r.id)).toEqual([
      newer.company.id,
    ]);
    expect((await repo().listCompanies({ q: tag, suspended: true }, page)).rows.map((r) => r.id)).toEqual([
      older.company.id,
    ]);
    const second = await repo().listCompanies({ q: tag }, { offset: 1, limit: 1 });
    expect(second).toMatchObject({ total: 2, rows: [{ id: older.company.id }] });
  });

  it('creates an unowned company on the default plan in UTC, and edits only existing ones', async () => {
    const id = await repo().createUnownedCompany(
      {
        name: 'Listed Only',
        website: 'https://listed.example',
        description: null,
        logoUrl: null,
        category: 'Shop',
        listed: true,
        trackingKey: unique('key'),
      },
      new Date(),
    );
    expect(await repo().findCompany(id)).toMatchObject({
      name: 'Listed Only',
      plan: 'free',
      timezone: 'UTC',
      listed: true,
      category: 'Shop',
      members: 0,
      owner: null,
    });
    expect(await repo().updateCompany(987_654, { listed: true }, new Date())).toBe(false);
    expect(await repo().findCompany(987_654)).toBeUndefined();
  });

  it('reads the counted events of each company in its month', async () => {
    const { company } = await registered();
    await t.db.orm.insert(t.db.schema.monthlyUsage).values([
      { companyId: company.id, month: '2026-05', events: 7 },
      { companyId: company.id, month: '2026-04', events: 3 },
    ]);
    const events = await repo().monthlyEvents([{ companyId: company.id, month: '2026-05' }]);
    expect(events.get(company.id)).toBe(7);
  });

  it('lists users by name or address, suspends them, and names their companies', async () => {
    const email = uniqueEmail('Searchable');
    const { user, company } = await registered('Their Company', email);
    const found = await repo().listUsers({ q: email.toUpperCase() }, page);
    expect(found.rows.map((row) => row.id)).toEqual([user.id]);
    const suspended = await repo().setUserSuspended(user.id, at('2026-01-02T03:04:05Z'), new Date());
    expect(suspended?.suspendedAt).toEqual(at('2026-01-02T03:04:05Z'));
    expect((await repo().listUsers({ q: email, suspended: false }, page)).total).toBe(0);
    expect((await repo().listUsers({ q: email, suspended: true }, page)).total).toBe(1);
    expect(await repo().setUserSuspended(987_654, null, new Date())).toBeUndefined();
    const companies = await repo().companiesOfUsers([user.id]);
    expect(companies.get(user.id)).toEqual([{ id: company.id, name: 'Their Company', role: 'owner' }]);
  });

  it('counts the platform, sign-ups per UTC day and metered usage per day', async () => {
    const before = await repo().platformTotals();
    const { company, user } = await registered();
    await t.repos.users.markVerified(user.id, new Date());
    await t.db.orm
      .insert(t.db.schema.monthlyUsage)
      .values({ companyId: company.id, month: '2025-01', events: 5 });
    await t.db.orm.insert(t.db.schema.botHits).values({ companyId: company.id, day: '2025-01-02', hits: 4 });
    await t.db.orm.insert(t.db.schema.apiCallCounts).values({
      companyId: company.id,
      day: '2025-01-02',
      endpoint: 'GET /api/v1/stats/:company_id',
      calls: 9,
    });
    const after = await repo().platformTotals();
    expect(after.users - before.users).toBe(1);
    expect(after.verifiedUsers - before.verifiedUsers).toBe(1);
    expect(after.companies - before.companies).toBe(1);
    expect(after.events - before.events).toBe(5);
    expect(after.apiCalls - before.apiCalls).toBe(9);
    expect(await repo().botsPerDay('2025-01-01', '2025-01-03')).toEqual([{ day: '2025-01-02', count: 4 }]);
    expect(await repo().apiCallsPerDay('2025-01-02', '2025-01-02')).toEqual([
      { day: '2025-01-02', count: 9 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const signups = await repo().signupsPerDay(new Date(`${today}T00:00:00Z`));
    expect(signups.find((row) => row.day === today)?.count).toBeGreaterThanOrEqual(1);
    expect(await repo().databaseBytes()).toBeGreaterThan(0);
  });

  it('counts the rollups that the analytics save, with their totals given or read from their JSON', async () => {
    const { company } = await registered();
    const builtAt = at('2024-04-05T00:00:00Z').getTime();
    const totals = { visitors: 1, visits: 2, pageviews: 4, events: 3 };
    const stats = (pageviews: number, events: number) =>
      JSON.stringify({ totals: { visitors: 1, visits: 1, pageviews, events }, hours: [], breakdowns: {} });
    await t.repos.rollups.save(company.id, [
      { day: '2024-04-01', builtAt, stats: stats(4, 3), totals },
      { day: '2024-04-02', builtAt, stats: stats(6, 1) },
      { day: '2024-04-03', builtAt, stats: 'not JSON' },
    ]);
    const counts = async () => {
      const listed = await repo().activity.listRollups('2024-04-01', '2024-04-30');
      const own = listed.filter((row) => row.companyId === company.id);
      return (await repo().activity.rollupCounts(own)).sort((a, b) => a.day.localeCompare(b.day));
    };
    expect(await counts()).toEqual([
      { companyId: company.id, day: '2024-04-01', events: 7 },
      { companyId: company.id, day: '2024-04-02', events: 7 },
      { companyId: company.id, day: '2024-04-03', events: 0 },
    ]);
    // Saved again, a day's totals are replaced with its sums.
    await t.repos.rollups.save(company.id, [
      { day: '2024-04-01', builtAt, stats: stats(10, 0), totals: { ...totals, pageviews: 10, events: 0 } },
      { day: '2024-04-03', builtAt, stats: stats(2, 2) },
    ]);
    expect(await counts()).toEqual([
      { companyId: company.id, day: '2024-04-01', events: 10 },
      { companyId: company.id, day: '2024-04-02', events: 7 },
      { companyId: company.id, day: '2024-04-03', events: 4 },
    ]);
    const { dailyRollups } = t.db.schema;
    const [row] = await t.db.orm
      .select({ visitors: dailyRollups.visitors, visits: dailyRollups.visits })
      .from(dailyRollups)
      .where(and(eq(dailyRollups.companyId, company.id), eq(dailyRollups.day, '2024-04-01')));
    expect(row).toEqual({ visitors: 1, visits: 2 });
  });

  it('reads rollup counts, packed days, raw visits and raw events of the activity', async () => {
    const { company } = await registered();
    const { dailyRollups, daySegments, sessions, events } = t.db.schema;
    const stats = JSON.stringify({ totals: { pageviews: 3, events: 2 }, hours: [], breakdowns: {} });
    await t.db.orm.insert(dailyRollups).values({
      companyId: company.id,
      day: '2024-03-01',
      builtAt: at('2024-03-02T01:00:00Z'),
      stats,
      pageviews: 3,
      events: 2,
    });
    await t.db.orm.insert(daySegments).values({
      companyId: company.id,
      startsAt: at('2024-03-01T00:00:00Z'),
      endsAt: at('2024-03-02T00:00:00Z'),
      visits: 1,
      events: 1,
      data: Buffer.from('x'),
    });
    const visitStart = at('2024-03-03T10:00:00Z');
    await t.db.orm.insert(sessions).values({
      id: 880_001,
      companyId: company.id,
      visitorId: 1,
      startedAt: visitStart,
      lastActivityAt: visitStart,
      hostname: 'a.example',
      entryPage: '/',
      exitPage: '/',
      pageviews: 1,
      events: 1,
      engagedMs: 0,
      isBounce: false,
      source: 'Direct / None',
      device: 'desktop',
    });
    const event = {
      companyId: company.id,
      hostname: 'a.example',
      pathname: '/',
      visitorId: 1,
      sessionId: 880_001,
    };
    await t.db.orm.insert(events).values([
      { ...event, ts: visitStart, kind: EVENT_KINDS.pageview },
      { ...event, ts: visitStart, kind: EVENT_KINDS.event, name: 'signup' },
      { ...event, ts: visitStart, kind: EVENT_KINDS.engagement },
    ]);
    const activity = repo().activity;
    const listedOf = async () =>
      (await activity.listRollups('2024-03-01', '2024-03-01')).filter((row) => row.companyId === company.id);
    const listed = await listedOf();
    expect(listed).toEqual([
      { companyId: company.id, day: '2024-03-01', builtAt: at('2024-03-02T01:00:00Z').getTime(), events: 5 },
    ]);
    const counted = [{ companyId: company.id, day: '2024-03-01', events: 5 }];
    expect(await activity.rollupCounts(listed)).toEqual(counted);
    // Read from the row's total columns, not from its JSON.
    await t.db.orm
      .update(dailyRollups)
      .set({ pageviews: 9, events: 9 })
      .where(eq(dailyRollups.companyId, company.id));
    expect(await activity.rollupCounts(await listedOf())).toEqual([{ ...counted[0], events: 18 }]);
    const since = at('2024-02-28T00:00:00Z');
    expect((await activity.segmentStarts(since)).filter((row) => row.companyId === company.id)).toEqual([
      { companyId: company.id, startsAt: at('2024-03-01T00:00:00Z').getTime() },
    ]);
    expect((await activity.rawVisitStarts(since)).filter((row) => row.companyId === company.id)).toEqual([
      { companyId: company.id, firstAt: visitStart.getTime() },
    ]);
    expect(await activity.rawEventCount(company.id, since, at('2024-03-04T00:00:00Z'))).toBe(2);
    expect(await repo().eventsSince(since)).toBeGreaterThanOrEqual(2);
    expect((await activity.timezones([company.id])).get(company.id)).toBe('Europe/London');
  });
});
