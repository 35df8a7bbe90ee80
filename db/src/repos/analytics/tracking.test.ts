import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, registration, useTestDb } from '../../../test/support/use-test-db';
import { EVENT_KINDS } from '../../schema/types';
import type { SessionWrite } from '../../tracking-batch';

describe('the tracking repository', () => {
  const t = useTestDb();
  const newCompany = async () => (await t.repos.users.register(registration())).company;

  const visit = (companyId: number, overrides: Partial<SessionWrite> = {}): SessionWrite => ({
    id: 1_000 + companyId,
    companyId,
    visitorId: 42,
    startedAt: at('2026-06-01T10:00:00Z'),
    lastActivityAt: at('2026-06-01T10:00:00Z'),
    hostname: 'engines.example',
    entryPage: '/',
    exitPage: '/',
    pageviews: 1,
    events: 0,
    engagedMs: 0,
    isBounce: true,
    source: 'Direct / None',
    device: 'desktop',
    ...overrides,
  });

  it('finds a company by tracking key together with its plan quota', async () => {
    const company = await newCompany();
    const found = await t.repos.tracking.findCompanyByTrackingKey(company.trackingKey);
    expect(found).toMatchObject({ id: company.id, eventsQuota: 10_000, retentionDays: 365 });
    expect(await t.repos.tracking.findCompanyByTrackingKey('no-such-key')).toBeUndefined();
  });

  it('keeps the first salt stored for a company day, whoever asks later', async () => {
    const company = await newCompany();
    const now = at('2026-06-01T10:00:00Z');
    expect(await t.repos.tracking.salt(company.id, '2026-06-01', 'first', now)).toBe('first');
    expect(await t.repos.tracking.salt(company.id, '2026-06-01', 'second', now)).toBe('first');
    expect(await t.repos.tracking.salt(company.id, '2026-06-02', 'third', now)).toBe('third');
  });

  it('prunes salts created before a cutoff', async () => {
    const company = await newCompany();
    await t.repos.tracking.salt(company.id, '2026-05-01', 'old', at('2026-05-01T00:00:00Z'));
    await t.repos.tracking.salt(company.id, '2026-05-03', 'new', at('2026-05-03T00:00:00Z'));
    expect(await t.repos.tracking.pruneSalts(at('2026-05-02T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(
      await t.repos.tracking.salt(company.id, '2026-05-01', 'replacement', at('2026-05-04T00:00:00Z')),
    ).toBe('replacement');
    expect(await t.repos.tracking.salt(company.id, '2026-05-03', 'other', at('2026-05-04T00:00:00Z'))).toBe(
      'new',
    );
  });

  it('adds up a visit written over several batches, keeping its first and last pages', async () => {
    const company = await newCompany();
    const { sessions } = t.db.schema;
    await t.repos.tracking.write({ events: [], sessions: [visit(company.id)], botHits: [], usage: [] });
    await t.repos.tracking.write({
      events: [],
      sessions: [
        visit(company.id, {
          startedAt: at('2026-06-01T10:00:00Z'),
          lastActivityAt: at('2026-06-01T10:05:00Z'),
          entryPage: '/ignored',
          exitPage: '/pricing',
          pageviews: 1,
          events: 1,
          engagedMs: 1_500,
        }),
      ],
      botHits: [],
      usage: [],
    });
    const [row] = await t.db.orm.select().from(sessions).where(eq(sessions.companyId, company.id));
    expect(row).toMatchObject({
      entryPage: '/',
      exitPage: '/pricing',
      pageviews: 2,
      events: 1,
      engagedMs: 1_500,
      isBounce: false,
      lastActivityAt: at('2026-06-01T10:05:00Z'),
    });
  });

  it('moves a visit start earlier when an older event arrives late', async () => {
    const company = await newCompany();
    const { sessions } = t.db.schema;
    await t.repos.tracking.write({ events: [], sessions: [visit(company.id)], botHits: [], usage: [] });
    await t.repos.tracking.write({
      events: [],
      sessions: [
        visit(company.id, {
          startedAt: at('2026-06-01T09:50:00Z'),
          lastActivityAt: at('2026-06-01T09:50:00Z'),
          entryPage: '/landing',
          exitPage: '/landing',
        }),
      ],
      botHits: [],
      usage: [],
    });
    const [row] = await t.db.orm.select().from(sessions).where(eq(sessions.companyId, company.id));
    expect(row).toMatchObject({
      startedAt: at('2026-06-01T09:50:00Z'),
      entryPage: '/landing',
      exitPage: '/',
      lastActivityAt: at('2026-06-01T10:00:00Z'),
      pageviews: 2,
      isBounce: false,
    });
  });

  it('stores events and adds bot hits and monthly usage to their counters', async () => {
    const company = await newCompany();
    const event = {
      companyId: company.id,
      ts: at('2026-06-01T10:00:00Z').getTime(),
      kind: EVENT_KINDS.event,
      name: 'signup',
      hostname: 'engines.example',
      pathname: '/pricing',
      visitorId: 2 ** 47 + 5,
      sessionId: 2 ** 50 + 7,
      props: { plan: 'pro', seats: 3, trial: true },
    };
    const counters = {
      botHits: [{ companyId: company.id, day: '2026-06-01', hits: 2 }],
      usage: [{ companyId: company.id, month: '2026-06', events: 1 }],
    };
    await t.repos.tracking.write({ events: [event], sessions: [], ...counters });
    await t.repos.tracking.write({ events: [], sessions: [], ...counters });
    const { events, botHits } = t.db.schema;
    const stored = await t.db.orm.select().from(events).where(eq(events.companyId, company.id));
    expect(stored).toEqual([{ ...event, ts: new Date(event.ts), engagedMs: null, scrollDepth: null }]);
    const [bots] = await t.db.orm.select().from(botHits).where(eq(botHits.companyId, company.id));
    expect(bots?.hits).toBe(4);
    expect(await t.repos.tracking.monthlyEvents(company.id, '2026-06')).toBe(2);
    expect(await t.repos.tracking.monthlyEvents(company.id, '2026-07')).toBe(0);
  });

  it('lists the visits active after a given time', async () => {
    const company = await newCompany();
    await t.repos.tracking.write({
      events: [],
      sessions: [
        visit(company.id, { id: 7_001, lastActivityAt: at('2026-06-01T10:00:00Z') }),
        visit(company.id, { id: 7_002, lastActivityAt: at('2026-06-01T10:40:00Z') }),
      ],
      botHits: [],
      usage: [],
    });
    const open = await t.repos.tracking.openSessions(at('2026-06-01T10:10:00Z'));
    expect(open.filter((s) => s.companyId === company.id).map((s) => s.id)).toEqual([7_002]);
  });
});

describe('the SQLite tracking writer', () => {
  const t = useTestDb();
  // The test database is PostgreSQL when TEST_DATABASE_URL is set; it writes through drizzle.
  const sqliteOnly = it.skipIf(Boolean(process.env.TEST_DATABASE_URL));
  const event = (companyId: number, kind: number, pathname: string) => ({
    companyId,
    ts: at('2026-06-01T10:00:00Z').getTime(),
    kind,
    name: null,
    hostname: 'engines.example',
    pathname,
    visitorId: 1,
    sessionId: 1,
  });
  const storedPaths = async (companyId: number) => {
    const { events } = t.db.schema;
    const rows = await t.db.orm.select().from(events).where(eq(events.companyId, companyId));
    return rows.map((row) => row.pathname);
  };

  sqliteOnly('rolls a failed batch back whole, rejects it, and goes on with the next', async () => {
    const company = (await t.repos.users.register(registration())).company;
    const batch = (...events: ReturnType<typeof event>[]) => ({
      events,
      sessions: [],
      botHits: [],
      usage: [],
    });
    // Kind 9 breaks the check constraint: the valid event before it must not stay.
    await expect(
      t.repos.tracking.write(batch(event(company.id, 1, '/rolled-back'), event(company.id, 9, '/bad'))),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect(await storedPaths(company.id)).toEqual([]);
    await t.repos.tracking.write(batch(event(company.id, 1, '/after')));
    expect(await storedPaths(company.id)).toEqual(['/after']);
  });
});
