import { REALTIME_MINUTES, type Realtime } from '@footfall/contract';
import { EVENT_KINDS } from '@footfall/db';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realtimeReport } from '../src/analytics/realtime';
import { signedInUser } from './support/accounts';
import { sealedBody, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { ownerWithSite, send } from './support/test-site';

const t = useTestApp();
const MINUTE = 60_000;
const realtimeUrl = (companyId: number) => `/api/company-visitor-analytics-realtime/${companyId}`;

/**
 * Moves the clock, which runs with the real one, to 5 s past a minute's start: the test's sends and its
 * question then fall in the minutes it expects, not one later when the real clock crosses a minute.
 */
function startOfAMinute(): void {
  const now = t.clock.now().getTime();
  t.clock.advance(MINUTE - (now % MINUTE) + 5_000);
}

async function realtimeOf(owner: { companyId: number; auth: Record<string, string> }): Promise<Realtime> {
  const response = await t.app.inject({ url: realtimeUrl(owner.companyId), headers: owner.auth });
  expect(response.statusCode, response.body).toBe(200);
  return sealedBody<{ data: Realtime }>(response).data;
}

describe('GET /api/company-visitor-analytics-realtime/{id}', () => {
  it('counts the last 30 minutes per minute, with their pages, sources, countries and events', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://shop.example' });
    const other = await ownerWithSite(t.app, t.mailer, { website: 'https://other.example' });
    startOfAMinute();
    // Half an hour and more ago: outside the view.
    await send(t.app, owner.trackingKey, 'https://shop.example/old', {}, { ip: '8.8.4.4' });
    t.clock.advance(31 * MINUTE);
    const google = { referrer: 'https://www.google.com/search?q=x' };
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', google, { ip: '8.8.8.8' });
    await send(
      t.app,
      owner.trackingKey,
      'https://shop.example/pricing',
      { type: 'event', name: 'Signup' },
      {
        ip: '8.8.8.8',
      },
    );
    await send(t.app, owner.trackingKey, 'https://shop.example/', {}, { ip: '1.1.1.1' });
    await send(t.app, other.trackingKey, 'https://other.example/theirs', {}, { ip: '9.9.9.9' });
    t.clock.advance(2 * MINUTE);
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', {}, { ip: '1.1.1.1' });

    const realtime = await realtimeOf(owner);
    expect(realtime.company_id).toBe(owner.companyId);
    expect(realtime.visitors).toBe(2);
    expect(realtime.totals).toEqual({ visitors: 2, pageviews: 3, events: 1 });
    expect(realtime.minutes).toHaveLength(REALTIME_MINUTES);
    expect(realtime.minutes.at(-1)).toMatchObject({ pageviews: 1, visitors: 1 });
    expect(realtime.minutes.at(-3)).toMatchObject({ pageviews: 2, visitors: 2 });
    expect(realtime.minutes.reduce((sum, minute) => sum + minute.pageviews, 0)).toBe(3);
    const minuteOf = (at: number) => new Date(Math.floor(at / MINUTE) * MINUTE).toISOString().slice(0, 16);
    expect(realtime.minutes.at(-1)?.minute).toBe(minuteOf(t.clock.now().getTime()));
    expect(realtime.pages).toEqual([
      { value: '/pricing', visitors: 2, pageviews: 2 },
      { value: '/', visitors: 1, pageviews: 1 },
    ]);
    expect(realtime.sources).toEqual([
      { value: 'Direct / None', visitors: 1 },
      { value: 'Google', visitors: 1 },
    ]);
    expect(realtime.events).toEqual([{ value: 'Signup', visitors: 1, events: 1 }]);
    // The addresses' countries, as the bundled database places them.
    expect(realtime.countries).toEqual([
      { value: 'AU', visitors: 1 },
      { value: 'US', visitors: 1 },
    ]);

    const theirs = await realtimeOf(other);
    expect(theirs.pages).toEqual([{ value: '/theirs', visitors: 1, pageviews: 1 }]);
  });

  it("writes the minutes on the company's clock", async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { timezone: 'Asia/Kolkata' },
    });
    expect(patched.statusCode).toBe(200);
    startOfAMinute();
    const { minutes, timezone } = await realtimeOf(owner);
    expect(timezone).toBe('Asia/Kolkata');
    const local = new Date(Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE + 330 * MINUTE);
    expect(minutes.at(-1)?.minute).toBe(local.toISOString().slice(0, 16));
    expect(minutes.every((minute) => minute.pageviews === 0 && minute.visitors === 0)).toBe(true);
  });

  it('is 401 without a session, 403 for an outsider or an unknown company, 404 for a malformed id', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const outsider = await signedInUser(t.app, t.mailer);
    expect((await t.app.inject({ url: realtimeUrl(owner.companyId) })).statusCode).toBe(401);
    expectJson(await t.app.inject({ url: realtimeUrl(owner.companyId), headers: outsider.auth }), 403, {
      message: 'You do not have access to this company.',
    });
    expect((await t.app.inject({ url: realtimeUrl(2_000_000_000), headers: owner.auth })).statusCode).toBe(
      403,
    );
    const malformed = await t.app.inject({
      url: '/api/company-visitor-analytics-realtime/abc',
      headers: owner.auth,
    });
    expect(malformed.statusCode).toBe(404);
  });
});

/** A raw event with its visit's source and country, as the reference counts it. */
interface RecentActivityRow {
  ts: number;
  kind: number;
  name: string | null;
  pathname: string;
  visitorId: number;
  source: string;
  country: string | null;
}

/** The realtime figures counted the plain way: each minute and each list filtered from all the rows. */
function referenceRealtime(rows: readonly RecentActivityRow[], now: number) {
  const first = (Math.floor(now / MINUTE) - (REALTIME_MINUTES - 1)) * MINUTE;
  const inView = rows.filter((row) => row.ts >= first);
  const distinct = (list: readonly RecentActivityRow[]) => new Set(list.map((row) => row.visitorId)).size;
  const rank = <T extends { value: string; visitors: number }>(list: T[]) =>
    list
      .sort((a, b) => b.visitors - a.visitors || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, 10);
  const values = (pick: (row: RecentActivityRow) => string | null, list = inView) => [
    ...new Set(list.map(pick).filter((value) => value !== null)),
  ];
  const pageviews = inView.filter((row) => row.kind === EVENT_KINDS.pageview);
  const customs = inView.filter((row) => row.kind === EVENT_KINDS.event && row.name !== null);
  return {
    totals: { visitors: distinct(inView), pageviews: pageviews.length, events: customs.length },
    minutes: Array.from({ length: REALTIME_MINUTES }, (_, index) => {
      const start = first + index * MINUTE;
      const last = index === REALTIME_MINUTES - 1;
      const within = inView.filter((row) => row.ts >= start && (last || row.ts < start + MINUTE));
      return {
        minute: new Date(start).toISOString().slice(0, 16),
        pageviews: within.filter((row) => row.kind === EVENT_KINDS.pageview).length,
        visitors: distinct(within),
      };
    }),
    pages: rank(
      values((row) => row.pathname, pageviews).map((value) => {
        const of = pageviews.filter((row) => row.pathname === value);
        return { value, visitors: distinct(of), pageviews: of.length };
      }),
    ),
    sources: rank(
      values((row) => row.source).map((value) => ({
        value,
        visitors: distinct(inView.filter((row) => row.source === value)),
      })),
    ),
    countries: rank(
      values((row) => row.country).map((value) => ({
        value,
        visitors: distinct(inView.filter((row) => row.country === value)),
      })),
    ),
    events: rank(
      values((row) => row.name, customs).map((value) => {
        const of = customs.filter((row) => row.name === value);
        return { value, visitors: distinct(of), events: of.length };
      }),
    ),
  };
}

describe('the realtime figures the database counts', () => {
  it('are the reference figures for any events of the last 40 minutes, compared whole', async () => {
    const now = Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE + 30_250;
    const context = {
      repos: t.app.repos,
      analyticsRepos: t.app.analyticsRepos,
      analyticsEngine: t.app.analyticsEngine,
      now: () => new Date(now),
    };
    let nextId = 50_000_000;
    const visit = fc.record({
      visitorId: fc.integer({ min: 1, max: 25 }),
      source: fc.constantFrom('Google', 'Direct / None', 'news.example'),
      country: fc.option(fc.constantFrom('DE', 'FR', 'US'), { nil: null }),
    });
    const event = fc.record({
      visit: fc.nat(),
      ts: fc.integer({ min: now - 40 * MINUTE, max: now + 2_000 }),
      kind: fc.constantFrom(1, 2, 3),
      name: fc.option(fc.constantFrom('Signup', 'Download', 'Play'), { nil: null }),
      pathname: fc.constantFrom('/', '/pricing', '/blog', '/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(visit, { minLength: 1, maxLength: 8 }),
        fc.array(event, { maxLength: 120 }),
        async (visits, events) => {
          // Each run counts a company of its own, whose visits and events are only these.
          const { company } = await t.app.repos.users.register({
            user: { name: 'Realtime', email: `realtime${nextId}@example.com`, passwordHash: 'x' },
            company: {
              name: 'Realtime',
              website: 'https://realtime.example',
              timezone: 'UTC',
              trackingKey: `rt${nextId}`,
            },
          });
          const sessions = visits.map((one) => ({
            ...one,
            id: nextId++,
            companyId: company.id,
            hostname: 'realtime.example',
            entryPage: '/',
            exitPage: '/',
            pageviews: 1,
            events: 0,
            engagedMs: 0,
            isBounce: false,
            device: 'desktop' as const,
            startedAt: new Date(now - 41 * MINUTE),
            lastActivityAt: new Date(now - 41 * MINUTE),
          }));
          const rows = events.map((one) => {
            const session = sessions[one.visit % sessions.length] as (typeof sessions)[number];
            return {
              stored: {
                companyId: company.id,
                sessionId: session.id,
                visitorId: session.visitorId,
                ts: one.ts,
                kind: one.kind,
                name: one.name,
                hostname: 'realtime.example',
                pathname: one.pathname,
              },
              row: { ...one, visitorId: session.visitorId, source: session.source, country: session.country },
            };
          });
          // A visit's last activity is its latest event, as ingestion keeps it.
          for (const { stored } of rows) {
            const session = sessions.find((one) => one.id === stored.sessionId);
            if (session && session.lastActivityAt.getTime() < stored.ts)
              session.lastActivityAt = new Date(stored.ts);
          }
          await t.app.repos.tracking.write({
            sessions,
            events: rows.map(({ stored }) => stored),
            botHits: [],
            usage: [],
          });
          const answer = await realtimeReport(context, { id: company.id, timezone: 'UTC' });
          const { company_id, timezone, at, visitors, ...figures } = answer;
          expect(figures).toEqual(
            referenceRealtime(
              rows.map(({ row }) => row),
              now,
            ),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
