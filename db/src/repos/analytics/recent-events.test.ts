import { describe, expect, it } from 'vitest';
import { at, registration, useTestDb } from '../../../test/support/use-test-db';
import { EVENT_KINDS } from '../../schema/types';
import type { EventWrite, SessionWrite } from '../../tracking-batch';

describe('the recent-events repository', () => {
  const t = useTestDb();
  const newCompany = async () => (await t.repos.users.register(registration())).company;
  const T = at('2026-06-01T10:00:00Z').getTime();
  let visits = 0;

  type Visit = SessionWrite & { id: number };
  const visit = (companyId: number, overrides: Partial<SessionWrite> = {}): Visit => {
    visits += 1;
    return {
      id: 5_000 + visits,
      companyId,
      visitorId: 42,
      startedAt: new Date(T),
      lastActivityAt: new Date(T),
      hostname: 'engines.example',
      entryPage: '/',
      exitPage: '/',
      pageviews: 1,
      events: 0,
      engagedMs: 0,
      isBounce: true,
      source: 'Google',
      referrer: 'google.com',
      country: 'FR',
      browser: 'Firefox',
      os: 'Linux',
      device: 'desktop',
      language: 'fr-FR',
      ...overrides,
    };
  };
  const event = (v: Visit, ts: number, kind: number, pathname = '/'): EventWrite => ({
    companyId: v.companyId,
    ts,
    kind,
    name: kind === EVENT_KINDS.event ? 'Signup' : null,
    hostname: 'engines.example',
    pathname,
    visitorId: v.visitorId,
    sessionId: v.id,
  });
  const write = (sessions: Visit[], events: EventWrite[]) =>
    t.repos.tracking.write({ events, sessions, botHits: [], usage: [] });
  const positions = (rows: { ts: number; sessionId: number; kind: number }[]) =>
    rows.map(({ ts, sessionId, kind }) => [ts - T, sessionId, kind]);

  it('answers the newest events first, by time, then visit, then kind, with their visits', async () => {
    const company = await newCompany();
    const a = visit(company.id);
    const b = visit(company.id);
    await write([a, b], [event(a, T, 1), event(b, T, 1), event(a, T, 2), event(a, T + 5, 3)]);
    const rows = await t.repos.recentEvents.latest(company.id, 10);
    expect(positions(rows)).toEqual([
      [5, a.id, 3],
      [0, b.id, 1],
      [0, a.id, 2],
      [0, a.id, 1],
    ]);
    expect(rows[2]).toMatchObject({
      name: 'Signup',
      hostname: 'engines.example',
      pathname: '/',
      props: null,
      visit: { startedAt: T, source: 'Google', referrer: 'google.com', country: 'FR', device: 'desktop' },
    });
    expect(rows[2]).not.toHaveProperty('visitorId');
    expect(positions(await t.repos.recentEvents.latest(company.id, 2))).toEqual([
      [5, a.id, 3],
      [0, b.id, 1],
    ]);
  });

  it('reads only what comes after a position, ties included, and only the company asked for', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const a = visit(company.id);
    const b = visit(company.id);
    const c = visit(other.id);
    await write([a, b, c], [event(a, T, 1), event(a, T, 2), event(b, T, 1), event(b, T + 1, 1)]);
    await write([c], [event(c, T + 9, 1)]);
    const since = { ts: T, sessionId: a.id, kind: 1 };
    expect(positions(await t.repos.recentEvents.latest(company.id, 10, since))).toEqual([
      [1, b.id, 1],
      [0, b.id, 1],
      [0, a.id, 2],
    ]);
    const newest = { ts: T + 1, sessionId: b.id, kind: 1 };
    expect(await t.repos.recentEvents.latest(company.id, 10, newest)).toEqual([]);
  });

  it('counts the events of each hostname since an instant, with the latest time', async () => {
    const company = await newCompany();
    const v = visit(company.id);
    const from = (hostname: string, ts: number): EventWrite => ({ ...event(v, ts, 1), hostname });
    await write(
      [v],
      [from('a.example', T - 1), from('a.example', T), from('a.example', T + 7), from('localhost', T + 3)],
    );
    const counts = await t.repos.recentEvents.hostnamesSince(company.id, new Date(T));
    expect(counts.sort((x, y) => x.hostname.localeCompare(y.hostname))).toEqual([
      { hostname: 'a.example', events: 2, lastEventAt: T + 7 },
      { hostname: 'localhost', events: 1, lastEventAt: T + 3 },
    ]);
    expect(await t.repos.recentEvents.hostnamesSince(company.id, new Date(T + 60_000))).toEqual([]);
  });
});
