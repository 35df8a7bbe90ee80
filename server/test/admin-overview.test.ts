import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../src/calendar/local-days';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { register, signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { createTrackedCompany, GOOGLEBOT_UA, pageview, track } from './support/tracking';

const DAY_MS = 86_400_000;

const t = useTestApp();

interface Day {
  date: string;
  signups: number;
  companies: number;
  events: number;
  api_calls: number;
  bots: number;
}

interface Overview {
  totals: Record<string, number>;
  today: Record<string, number>;
  ingest: Record<string, number>;
  database: { dialect: string; bytes: number };
  daily: Day[];
}

async function overview(auth: Record<string, string>, days = 7): Promise<Overview> {
  const response = await t.app.inject({ url: `/api/admin/overview?days=${days}`, headers: auth });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Overview }>().data;
}

const todayUtc = () => t.clock.now().toISOString().slice(0, 10);
const dayOf = (data: Overview, date: string) => data.daily.find((day) => day.date === date) as Day;
const delta = (after: Record<string, number>, before: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)]));

describe('GET /api/admin/overview: access and input', () => {
  it('answers 401 without a token and 403 to a user token', async () => {
    expectJson(await t.app.inject({ url: '/api/admin/overview' }), 401, { message: 'Unauthenticated.' });
    const user = await signedInUser(t.app, t.mailer);
    expectJson(await t.app.inject({ url: '/api/admin/overview', headers: user.auth }), 403, {
      message: 'This action requires an administrator account.',
    });
  });

  it('refuses days outside 7..365 with 422 naming the field', async () => {
    const { auth } = await signedInAdmin(t.app);
    for (const days of ['6', '366', 'abc', '7.5']) {
      const response = await t.app.inject({ url: `/api/admin/overview?days=${days}`, headers: auth });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['days']);
    }
  });

  it('covers 30 days by default, oldest first and today last, and names the database', async () => {
    const { auth } = await signedInAdmin(t.app);
    const response = await t.app.inject({ url: '/api/admin/overview', headers: auth });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Overview }>().data;
    expect(data.daily).toHaveLength(30);
    expect(data.daily.map((day) => day.date)).toEqual(
      Array.from({ length: 30 }, (_, index) => addDays(todayUtc(), index - 29)),
    );
    expect(data.database).toEqual({
      dialect: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
      bytes: expect.any(Number),
    });
    expect(data.database.bytes).toBeGreaterThan(0);
    expect((await overview(auth, 365)).daily).toHaveLength(365);
  });
});

describe('GET /api/admin/overview: figures', () => {
  it('counts the accounts, companies, events, API calls, bots and subscribers created', async () => {
    const admin = await signedInAdmin(t.app);
    const before = await overview(admin.auth);
    const verified = await signedInUser(t.app, t.mailer);
    await signedInUser(t.app, t.mailer);
    await register(t.app);
    const suspend = (kind: 'users' | 'companies', id: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/${kind}/${id}`,
        headers: admin.auth,
        payload: { suspended: true },
      });
    expect((await suspend('users', verified.id)).statusCode).toBe(200);
    const listing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings',
      headers: admin.auth,
      payload: { name: 'Listed', website: 'https://listed.example' },
    });
    expect(listing.statusCode).toBe(201);
    const tracked = await createTrackedCompany(t.app);
    const batch = [
      pageview(tracked, 'https://shop.example/'),
      { company: tracked.trackingKey, type: 'event', name: 'signup', url: 'https://shop.example/' },
      { company: tracked.trackingKey, type: 'engagement', url: 'https://shop.example/', engaged_ms: 900 },
    ];
    expect((await track(t.app, batch, { ip: '10.77.0.1' })).statusCode).toBe(202);
    expect(
      (await track(t.app, pageview(tracked, 'https://shop.example/'), { userAgent: GOOGLEBOT_UA }))
        .statusCode,
    ).toBe(202);
    // Bot hits are counted without holding the answer for a commit: wait for it.
    await t.app.ingestion.drain();
    const today = todayUtc();
    await t.app.db.orm.insert(t.app.db.schema.apiCallCounts).values({
      companyId: tracked.id,
      day: today,
      endpoint: 'GET /api/v1/stats/:company_id',
      calls: 5,
    });
    await t.app.db.orm
      .insert(t.app.db.schema.subscribers)
      .values({ email: `reader-${Date.now()}@example.com` });
    const suspendedCompany = await createTrackedCompany(t.app);
    expect((await suspend('companies', suspendedCompany.id)).statusCode).toBe(200);

    const after = await overview(admin.auth);
    expect(delta(after.totals, before.totals)).toEqual({
      // Three registrations, each with its company, and two companies made through the repository.
      users: 5,
      verified_users: 2,
      suspended_users: 1,
      companies: 6,
      listed_companies: 1,
      suspended_companies: 1,
      events: 2,
      api_calls: 5,
      subscribers: 1,
      admins: 0,
    });
    expect(delta(after.today, before.today)).toEqual({ signups: 5, events: 2, api_calls: 5, bots: 1 });
    expect(delta(after.ingest, before.ingest)).toEqual({ events_last_minute: 2, events_last_hour: 2 });
    const { date, ...latest } = after.daily.at(-1) as Day;
    expect(date).toBe(today);
    expect(latest).toMatchObject({ ...after.today });
    expect(latest.companies - dayOf(before, today).companies).toBe(6);
  });

  it('reads past days from final rollups, and builds the rollup of a past day that has none', async () => {
    const admin = await signedInAdmin(t.app);
    const today = todayUtc();
    const rolledUp = await createTrackedCompany(t.app);
    const stats = JSON.stringify({ totals: { pageviews: 4, events: 1 }, hours: [], breakdowns: {} });
    await t.app.db.orm.insert(t.app.db.schema.dailyRollups).values({
      companyId: rolledUp.id,
      day: addDays(today, -3),
      builtAt: t.clock.now(),
      stats,
      pageviews: 4,
      events: 1,
    });
    const before = await overview(admin.auth);
    expect(dayOf(before, addDays(today, -3)).events).toBeGreaterThanOrEqual(5);

    const raw = await createTrackedCompany(t.app);
    t.clock.advance(-2 * DAY_MS);
    const pageviews = ['/', '/a', '/b'].map((path) => pageview(raw, `https://shop.example${path}`));
    expect((await track(t.app, pageviews, { ip: '10.77.0.2' })).statusCode).toBe(202);
    t.clock.advance(2 * DAY_MS);
    const past = addDays(today, -2);
    const after = await overview(admin.auth);
    expect(dayOf(after, past).events - dayOf(before, past).events).toBe(3);
    expect(delta(after.totals, before.totals).events).toBe(3);
    const { dailyRollups } = t.app.db.schema;
    const built = await t.app.db.orm
      .select()
      .from(dailyRollups)
      .where(and(eq(dailyRollups.companyId, raw.id), eq(dailyRollups.day, past)));
    expect(built).toHaveLength(1);
    expect(dayOf(await overview(admin.auth), past).events).toBe(dayOf(after, past).events);
  });

  it("counts a packed day by the company's own calendar, once its raw rows are gone", async () => {
    const admin = await signedInAdmin(t.app);
    const company = await createTrackedCompany(t.app, { timezone: 'America/New_York' });
    const before = await overview(admin.auth);
    t.clock.advance(-3 * DAY_MS);
    const localDate = todayIn('America/New_York', t.clock.now().getTime());
    const events = [pageview(company, 'https://shop.example/'), pageview(company, 'https://shop.example/x')];
    expect((await track(t.app, events, { ip: '10.77.0.3' })).statusCode).toBe(202);
    t.clock.advance(3 * DAY_MS);
    await t.app.ingestion.drain();
    await packEndedDays(t.app);
    const { sessions } = t.app.db.schema;
    expect(await t.app.db.orm.select().from(sessions).where(eq(sessions.companyId, company.id))).toEqual([]);
    const after = await overview(admin.auth);
    expect(dayOf(after, localDate).events - dayOf(before, localDate).events).toBe(2);
  });
});
