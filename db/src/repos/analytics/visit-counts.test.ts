import { describe, expect, it } from 'vitest';
import { at, registration, useTestDb } from '../../../test/support/use-test-db';

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
});
