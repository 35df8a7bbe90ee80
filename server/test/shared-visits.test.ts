import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/types';
import { newIp } from './support/app';
import { type Cluster, useCluster } from './support/cluster';
import {
  CHROME_UA,
  createTrackedCompany,
  pageview,
  storedEvents,
  storedSessions,
  track,
} from './support/tracking';

// Several servers on one PostgreSQL: a visitor whose requests reach different servers makes one visit, and
// the visit ids they mint never collide. SQLite is one server, so these run on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('visits shared by servers on one PostgreSQL', () => {
  const cluster = useCluster('file');
  let servers: Cluster;
  let a: App;
  let b: App;
  let c: App;
  beforeAll(async () => {
    servers = await cluster();
    [a, b, c] = [(await servers.start()).app, (await servers.start()).app, (await servers.start()).app];
  }, 60_000);

  const accepted = async (app: App, body: unknown, ip: string) => {
    const response = await track(app, body, { ip, userAgent: CHROME_UA });
    expect(response.statusCode, response.body).toBe(202);
  };

  it('keeps one visit, its entry and exit pages, bounce and engagement, when every request reaches another server', async () => {
    const company = await createTrackedCompany(a);
    const ip = newIp();
    await accepted(a, pageview(company, 'https://shop.example/landing'), ip);
    servers.clock.advance(20_000);
    await accepted(b, pageview(company, 'https://shop.example/pricing'), ip);
    servers.clock.advance(20_000);
    await accepted(
      c,
      { company: company.trackingKey, type: 'event', name: 'Signup', url: 'https://shop.example/pricing' },
      ip,
    );
    servers.clock.advance(20_000);
    // An engagement ping never starts a visit: this server never saw the visit, yet keeps the ping.
    await accepted(a, pageview(company, 'https://shop.example/checkout'), ip);
    await accepted(
      b,
      {
        company: company.trackingKey,
        type: 'engagement',
        url: 'https://shop.example/checkout',
        engaged_ms: 4_000,
      },
      ip,
    );

    const visits = await storedSessions(a, company.id);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      entryPage: '/landing',
      exitPage: '/checkout',
      pageviews: 3,
      events: 1,
      engagedMs: 4_000,
      isBounce: false,
    });
    const events = await storedEvents(a, company.id);
    expect(events).toHaveLength(5);
    expect(new Set(events.map((event) => event.sessionId))).toEqual(new Set([visits[0]?.id]));
  });

  it('keeps the engagement ping of a visit that only another server saw', async () => {
    const company = await createTrackedCompany(a);
    const ip = newIp();
    await accepted(a, pageview(company, 'https://shop.example/article'), ip);
    servers.clock.advance(45_000);
    await accepted(
      c,
      {
        company: company.trackingKey,
        type: 'engagement',
        url: 'https://shop.example/article',
        engaged_ms: 45_000,
      },
      ip,
    );
    const [visit] = await storedSessions(a, company.id);
    expect(visit).toMatchObject({
      entryPage: '/article',
      exitPage: '/article',
      pageviews: 1,
      engagedMs: 45_000,
    });
    expect((await storedEvents(a, company.id)).map((event) => event.sessionId)).toEqual([
      visit?.id,
      visit?.id,
    ]);
  });

  it('starts a new visit after 30 idle minutes, whichever server sees the visitor next', async () => {
    const company = await createTrackedCompany(a);
    const ip = newIp();
    await accepted(a, pageview(company, 'https://shop.example/first'), ip);
    servers.clock.advance(31 * 60_000);
    await accepted(b, pageview(company, 'https://shop.example/second'), ip);
    servers.clock.advance(60_000);
    await accepted(a, pageview(company, 'https://shop.example/third'), ip);
    const visits = await storedSessions(a, company.id);
    expect(visits.map((visit) => [visit.entryPage, visit.exitPage, visit.pageviews])).toEqual([
      ['/first', '/first', 1],
      ['/second', '/third', 2],
    ]);
  });

  it('makes one visit of a visitor whose requests reach all servers at once, and never reuses a visit id', async () => {
    const company = await createTrackedCompany(a);
    const visitors = Array.from({ length: 60 }, () => newIp());
    // Every visitor sends three pageviews at the same moment, one to each server, and all visitors at once.
    await Promise.all(
      visitors.flatMap((ip, n) =>
        [a, b, c].map((app, i) => accepted(app, pageview(company, `https://shop.example/v${n}/p${i}`), ip)),
      ),
    );
    const visits = await storedSessions(a, company.id);
    expect(visits).toHaveLength(visitors.length);
    expect(visits.every((visit) => visit.pageviews === 3 && !visit.isBounce)).toBe(true);
    const events = await storedEvents(a, company.id);
    expect(events).toHaveLength(visitors.length * 3);
    const visitsOfVisitor = new Map<number, Set<number>>();
    for (const event of events) {
      const set = visitsOfVisitor.get(event.visitorId) ?? new Set();
      set.add(event.sessionId);
      visitsOfVisitor.set(event.visitorId, set);
    }
    expect([...visitsOfVisitor.values()].every((set) => set.size === 1)).toBe(true);
  });

  it('gives visits that servers open in the same millisecond ids of their own', async () => {
    const company = await createTrackedCompany(a);
    const visitors = Array.from({ length: 90 }, () => newIp());
    await Promise.all(
      visitors.map((ip, n) =>
        accepted([a, b, c][n % 3] as App, pageview(company, 'https://shop.example/'), ip),
      ),
    );
    const visits = await storedSessions(a, company.id);
    expect(visits).toHaveLength(visitors.length);
    expect(new Set(visits.map((visit) => visit.visitorId)).size).toBe(visitors.length);
  });
});
