import { describe, expect, it } from 'vitest';
import { at, registration, useTestDb } from '../../test/support/use-test-db';

describe('the visit counts repository', () => {
  const t = useTestDb();

  it('counts the distinct visitors active since an instant', async () => {
    const { company } = await t.repos.users.register(registration());
    const base = {
      companyId: company.id,
      hostname: 'engines.example',
      entryPage: '/',
      exitPage: '/',
      events: 0,
      engagedMs: 0,
      isBounce: false,
      source: 'Direct / None',
      device: 'desktop' as const,
    };
    const visit = (id: number, visitorId: number, iso: string, pageviews: number) => ({
      ...base,
      id,
      visitorId,
      pageviews,
      startedAt: at(iso),
      lastActivityAt: at(iso),
    });
    await t.repos.tracking.write({
      events: [],
      sessions: [
        visit(1, 1, '2026-06-01T01:00:00Z', 2),
        visit(2, 1, '2026-06-01T05:00:00Z', 1),
        visit(3, 2, '2026-06-01T23:59:59Z', 1),
        visit(4, 3, '2026-06-03T00:00:00Z', 4),
        visit(5, 4, '2026-06-04T00:00:00Z', 9),
      ],
      botHits: [],
      usage: [],
    });
    expect(await t.repos.visitCounts.activeVisitors(company.id, at('2026-06-02T00:00:00Z'))).toBe(2);
  });

  it("reads a company's events since an instant, oldest first, with their visit's source and country", async () => {
    const { company } = await t.repos.users.register(registration());
    const other = (await t.repos.users.register(registration())).company;
    const visit = (id: number, companyId: number, source: string, country: string | null) => ({
      companyId,
      id,
      visitorId: id * 10,
      hostname: 'engines.example',
      entryPage: '/',
      exitPage: '/',
      pageviews: 1,
      events: 1,
      engagedMs: 0,
      isBounce: false,
      source,
      country,
      device: 'desktop' as const,
      startedAt: at('2026-06-01T11:00:00Z'),
      lastActivityAt: at('2026-06-01T12:00:00Z'),
    });
    const event = (companyId: number, sessionId: number, iso: string, kind: number, pathname: string) => ({
      companyId,
      sessionId,
      visitorId: sessionId * 10,
      ts: at(iso).getTime(),
      kind,
      name: kind === 2 ? 'Signup' : null,
      hostname: 'engines.example',
      pathname,
    });
    await t.repos.tracking.write({
      sessions: [
        visit(101, company.id, 'Google', 'DE'),
        visit(102, company.id, 'Direct / None', null),
        visit(103, other.id, 'Bing', 'FR'),
      ],
      events: [
        event(company.id, 101, '2026-06-01T11:29:59Z', 1, '/old'),
        event(company.id, 102, '2026-06-01T11:45:00Z', 2, '/pricing'),
        event(company.id, 101, '2026-06-01T11:30:00Z', 1, '/'),
        event(other.id, 103, '2026-06-01T11:40:00Z', 1, '/theirs'),
      ],
      botHits: [],
      usage: [],
    });
    expect(await t.repos.visitCounts.activitySince(company.id, at('2026-06-01T11:30:00Z'))).toEqual([
      {
        ts: at('2026-06-01T11:30:00Z').getTime(),
        kind: 1,
        name: null,
        pathname: '/',
        visitorId: 1010,
        source: 'Google',
        country: 'DE',
      },
      {
        ts: at('2026-06-01T11:45:00Z').getTime(),
        kind: 2,
        name: 'Signup',
        pathname: '/pricing',
        visitorId: 1020,
        source: 'Direct / None',
        country: null,
      },
    ]);
  });
});
