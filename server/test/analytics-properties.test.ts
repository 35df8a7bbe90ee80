import type { AnalyticsDetail, AnalyticsQuery } from '@footfall/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { PASSWORD, register, verify } from './support/accounts';
import {
  type BurstSpec,
  type ClockSpec,
  clockSpec,
  dataset,
  GOAL_POOL,
  HAND_NOW,
  HAND_RECORDS,
  HAND_ZONE,
  materialize,
  type QuerySpec,
  querySpec,
  resolveNow,
  resolveQuery,
  TIME_ZONES,
} from './support/analytics-data';
import {
  daysIn,
  type ImportRecord,
  localDate,
  periodRange,
  type ReferenceGoal,
  referenceDetail,
  referenceFunnel,
  sessionize,
} from './support/analytics-reference';
import { newIp, sealedBody, useTestApp } from './support/app';
import { GOOGLEBOT_UA, track } from './support/tracking';

// The analytics detail endpoint against an independent reference (support/analytics-reference.ts) on random
// datasets, clocks, time zones and queries; then the reference itself, and both, on datasets computed by
// hand. Set FC_SEED (and FC_PATH) to replay a failure that fast-check printed, FC_RUNS to run more datasets
// (each run imports one dataset into a fresh company and compares six queries' whole answers).

const t = useTestApp();

/** Puts the app's clock at `instant` (the test clock only offers `advance`, which takes negative amounts too). */
const setClock = (instant: number) => t.clock.advance(instant - t.clock.now().getTime());

interface TestCompany {
  id: number;
  trackingKey: string;
  auth: Record<string, string>;
}

/** A fresh owner and company in `timeZone`; signed in with `remember` so that clock jumps keep the session. */
async function newCompany(timeZone: string): Promise<TestCompany> {
  const user = await register(t.app, { timezone: timeZone });
  await verify(t.app, t.mailer, user.email);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: PASSWORD, remember: true },
    // Login is limited per address; each run signs in from its own.
    remoteAddress: newIp(),
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const auth = { authorization: `Bearer ${token}` };
  const companies = await t.app.inject({ url: '/api/companies', headers: auth });
  const [company] = (companies.json() as { data: { id: number; tracking_key: string; timezone: string }[] })
    .data;
  if (company?.timezone !== timeZone) throw new Error(`registration did not keep the time zone ${timeZone}`);
  return { id: company.id, trackingKey: company.tracking_key, auth };
}

async function importRecords(company: TestCompany, records: readonly ImportRecord[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${company.id}/import`,
    headers: { ...company.auth, 'content-type': 'application/x-ndjson' },
    payload: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  if (response.statusCode !== 200) throw new Error(`import: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { stored: number; rejected: { line: number; reason: string }[] } }).data;
}

async function detail(company: TestCompany, query: AnalyticsQuery): Promise<AnalyticsDetail> {
  const params = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const response = await t.app.inject({
    url: `/api/company-visitor-analytics-detail/${company.id}?${params}`,
    headers: company.auth,
  });
  if (response.statusCode !== 200)
    throw new Error(`detail?${params}: ${response.statusCode} ${response.body}`);
  return sealedBody<{ data: AnalyticsDetail }>(response).data;
}

/** Where two JSON values differ, as `path: expected …, got …` lines (the first few), to name a failure. */
function differences(actual: unknown, expected: unknown, path = 'data', found: string[] = []): string[] {
  if (found.length >= 12) return found;
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null;
  if (isObject(actual) && isObject(expected) && Array.isArray(actual) === Array.isArray(expected)) {
    if (Array.isArray(actual) && Array.isArray(expected) && actual.length !== expected.length)
      found.push(`${path}.length: expected ${expected.length}, got ${actual.length}`);
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)]))
      differences(actual[key], expected[key], `${path}.${key}`, found);
  } else if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    found.push(`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
  return found;
}

interface Scenario {
  timeZone: string;
  clock: ClockSpec;
  visitors: BurstSpec[][];
  /**
   * Where the rows are when queried: all raw; ended days packed into segments; or the visitors split in
   * two imports with a pack between (the second import's rows merge with the packed days when read), and
   * perhaps a second pack (which merges them into the segments).
   */
  packing: 'raw' | 'packed' | 'split' | 'split-repacked';
  /** Bot requests sent live, each some days before now (whole 24 hours) with some hits. */
  botRequests: { daysBack: number; hits: number }[];
  /** The goals the company defines, from `GOAL_POOL`. */
  goals: (typeof GOAL_POOL)[number][];
  /** A funnel's steps, as picks among the goals (with two goals or more). */
  funnel: number[];
  queries: QuerySpec[];
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  timeZone: fc.constantFrom(...TIME_ZONES),
  clock: clockSpec,
  visitors: dataset,
  packing: fc.constantFrom('raw', 'packed', 'split', 'split-repacked'),
  botRequests: fc.array(
    fc.record({
      daysBack: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 })),
      hits: fc.integer({ min: 1, max: 3 }),
    }),
    { maxLength: 3 },
  ),
  goals: fc.subarray([...GOAL_POOL]),
  funnel: fc.array(fc.nat(), { minLength: 2, maxLength: 5 }),
  queries: fc.array(querySpec, { minLength: 6, maxLength: 6 }),
});

/** Defines `goals` for the company through the API; answers them as the API does. */
async function defineGoals(company: TestCompany, goals: Scenario['goals']): Promise<ReferenceGoal[]> {
  const defined: ReferenceGoal[] = [];
  for (const goal of goals) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.id}/goals`,
      headers: company.auth,
      payload: goal,
    });
    if (response.statusCode !== 201) throw new Error(`goal: ${response.statusCode} ${response.body}`);
    defined.push((response.json() as { data: ReferenceGoal }).data);
  }
  return defined;
}

/**
 * Saves a funnel of the picked goals (none with fewer than two goals): a step equal to the one before is
 * refused, so such a pick takes the next goal.
 */
async function defineFunnel(company: TestCompany, goals: ReferenceGoal[], picks: number[]) {
  if (goals.length < 2) return undefined;
  const steps: number[] = [];
  for (const pick of picks) {
    let index = pick % goals.length;
    if (goals[index]?.id === steps.at(-1)) index = (index + 1) % goals.length;
    steps.push((goals[index] as ReferenceGoal).id);
  }
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${company.id}/funnels`,
    headers: company.auth,
    payload: { name: 'Random funnel', steps },
  });
  if (response.statusCode !== 201) throw new Error(`funnel: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { data: { id: number } }).data.id, steps };
}

async function funnelReport(company: TestCompany, funnelId: number, query: AnalyticsQuery) {
  const params = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const response = await t.app.inject({
    url: `/api/companies/${company.id}/funnels/${funnelId}/report?${params}`,
    headers: company.auth,
  });
  if (response.statusCode !== 200)
    throw new Error(`report?${params}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: unknown }).data;
}

/**
 * Sends bot requests live, each with the clock at its day, oldest first: the ingestion's salt cache only
 * moves forward, and a request dated before a company's cached day never gets an answer. Answers the hits
 * by local day, for the reference.
 */
async function sendBots(
  company: TestCompany,
  now: number,
  timeZone: string,
  requests: Scenario['botRequests'],
): Promise<{ day: string; hits: number }[]> {
  const bots = [];
  for (const { daysBack, hits } of [...requests].sort((a, b) => b.daysBack - a.daysBack)) {
    const sentAt = now - daysBack * 86_400_000;
    setClock(sentAt);
    const hit = { company: company.trackingKey, type: 'pageview', url: 'https://shop.example/' };
    const batch = Array.from({ length: hits }, () => hit);
    expect((await track(t.app, batch, { userAgent: GOOGLEBOT_UA })).statusCode).toBe(202);
    // Bot hits are counted in the write buffer's next transaction, which nobody waits for: flush it.
    await t.app.ingestion.drain();
    bots.push({ day: localDate(sentAt, timeZone).toString(), hits });
  }
  setClock(now);
  return bots;
}

/**
 * Imports the records as `packing` says (see `Scenario`). Split imports keep each visitor's records
 * together, since an import rebuilds visits from its own records only.
 */
async function importAndPack(
  company: TestCompany,
  records: readonly ImportRecord[],
  rejected: readonly number[],
  packing: Scenario['packing'],
): Promise<void> {
  if (packing === 'raw' || packing === 'packed') {
    const imported = await importRecords(company, records);
    expect(imported.rejected.map((rejection) => rejection.line)).toEqual(rejected.map((index) => index + 1));
    expect(imported.stored).toBe(records.length - rejected.length);
    if (packing === 'packed') await packEndedDays(t.app);
    return;
  }
  const inFirst = (record: ImportRecord) => String(record.visitor).length % 2 === 0;
  const first = await importRecords(company, records.filter(inFirst));
  await packEndedDays(t.app);
  const second = await importRecords(
    company,
    records.filter((record) => !inFirst(record)),
  );
  expect(first.stored + second.stored).toBe(records.length - rejected.length);
  if (packing === 'split-repacked') await packEndedDays(t.app);
}

/** One dataset imported into a fresh company, then each query's answer compared with the reference's. */
async function checkScenario({
  timeZone,
  clock,
  visitors,
  packing,
  botRequests,
  goals: goalSpecs,
  funnel: funnelPicks,
  queries,
}: Scenario): Promise<void> {
  const now = resolveNow(clock, timeZone);
  setClock(now);
  const records = materialize(visitors, now);
  const sessions = sessionize(records, timeZone);
  const company = await newCompany(timeZone);
  await importAndPack(company, records, sessions.rejected, packing);

  const today = localDate(now, timeZone);
  const bots = await sendBots(company, now, timeZone, botRequests);
  const goals = await defineGoals(company, goalSpecs);
  const goalIds = goals.map((goal) => goal.id);
  const funnel = await defineFunnel(company, goals, funnelPicks);

  const firstVisit = Math.min(...sessions.visits.map((visit) => visit.startedAt));
  const firstDay = Number.isFinite(firstVisit) ? localDate(firstVisit, timeZone) : undefined;
  for (const spec of queries) {
    const query = resolveQuery(
      spec,
      today,
      (resolved) => daysIn(periodRange(resolved, today, firstDay)),
      goalIds,
    );
    const expected = referenceDetail(
      { companyId: company.id, timeZone, now, records, botHits: bots, goals, query },
      sessions,
    );
    setClock(now);
    const actual = await detail(company, query);
    const found = differences(actual, expected);
    const context = `now ${new Date(now).toISOString()} (${timeZone}), ${packing}, query ${JSON.stringify(query)}`;
    if (found.length > 0) expect(actual, `${context}\n${found.join('\n')}`).toEqual(expected);
    if (funnel) {
      const input = { companyId: company.id, timeZone, now, records, goals, query };
      const report = await funnelReport(company, funnel.id, query);
      const wanted = {
        funnel_id: funnel.id,
        name: 'Random funnel',
        ...referenceFunnel(input, funnel.steps, sessions),
      };
      const off = differences(report, wanted);
      if (off.length > 0)
        expect(report, `funnel ${funnel.steps}, ${context}\n${off.join('\n')}`).toEqual(wanted);
    }
  }
}

describe('GET /api/company-visitor-analytics-detail/{id} against the reference', () => {
  it('answers exactly what the reference computes, on random datasets, clocks and queries', async () => {
    const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
    await fc.assert(fc.asyncProperty(scenario, checkScenario), {
      numRuns: Number(process.env.FC_RUNS ?? 100),
      ...(seed === undefined ? {} : { seed, path: process.env.FC_PATH }),
      // Shrinking imports a dataset per attempt: past the limit, the smallest failure found so far is reported.
      plugins: [fc.interruptAfterTimeLimit(150_000)],
    });
  }, 200_000);
});

describe('the reference itself, on a dataset computed by hand', () => {
  const input = (query: AnalyticsQuery) => ({
    companyId: 7,
    timeZone: HAND_ZONE,
    now: HAND_NOW,
    records: HAND_RECORDS,
    botHits: [{ day: '2026-03-25', hits: 4 }],
    query,
  });
  const zeros = {
    visitors: 0,
    visits: 0,
    pageviews: 0,
    views_per_visit: 0,
    bounce_rate: 0,
    visit_duration: 0,
    events: 0,
  };
  /** The figures of buckets whose visits are all bounces of one pageview and 0 s. */
  const bouncesOnly = { views_per_visit: 1, bounce_rate: 100, visit_duration: 0, events: 0 };

  it('rejects the orphan engagement pings and splits visits at 30 minutes', () => {
    const { visits, rejected } = sessionize(HAND_RECORDS, HAND_ZONE);
    expect(rejected).toEqual([6, 9]);
    expect(visits.map((visit) => [visit.day, visit.entryPage, visit.exitPage, visit.pageviews])).toEqual([
      ['2026-03-30', '/', '/pricing', 2],
      ['2026-03-30', '/blog/', '/blog/', 1],
      ['2026-03-29', '/docs/start', '/docs/start', 1],
      ['2026-03-29', '/docs/api', '/docs/api', 1],
      ['2026-03-30', '/', '/', 1],
    ]);
  });

  it('computes the summary, days, comparison, realtime, bots and breakdowns of 7d', () => {
    const answer = referenceDetail(input({ period: '7d', compare: 'previous_period', limit: 3 }));
    expect(answer.range).toEqual({ from: '2026-03-24', to: '2026-03-30', interval: 'day' });
    expect(answer.summary).toEqual({
      visitors: 3,
      visits: 5,
      pageviews: 6,
      views_per_visit: 1.2,
      bounce_rate: 80,
      visit_duration: 360,
      events: 1,
    });
    expect(answer.comparison).toEqual(zeros);
    expect(answer.timeseries.slice(-2)).toEqual([
      // Two bounces of 0 s on the 29th; on the 30th visit A (30 minutes, a signup) and two bounces.
      { ...bouncesOnly, date: '2026-03-29', visitors: 1, visits: 2, pageviews: 2 },
      {
        date: '2026-03-30',
        visitors: 2,
        visits: 3,
        pageviews: 4,
        views_per_visit: 1.33,
        bounce_rate: 67,
        visit_duration: 600,
        events: 1,
      },
    ]);
    expect(answer.timeseries).toHaveLength(7);
    expect(answer.realtime).toEqual({ visitors: 1 });
    expect(answer.filtered).toEqual({ bots: 4 });
    expect(answer.breakdowns.pages).toEqual([
      // Visit D's pageviews have no ping; C's ping was on /docs/start, which no pageview of 7d made.
      { value: '/', visitors: 2, pageviews: 2, time_on_page: null, scroll_depth: null },
      { value: '/blog/', visitors: 1, pageviews: 1, time_on_page: null, scroll_depth: null },
      { value: '/docs/api', visitors: 1, pageviews: 1, time_on_page: null, scroll_depth: null },
    ]);
    expect(answer.breakdowns.sources).toEqual([
      { value: 'Direct / None', visitors: 3, visits: 3 },
      { value: 'Google', visitors: 1, visits: 1 },
      { value: 'Hacker News', visitors: 1, visits: 1 },
    ]);
    expect(answer.breakdowns.referrers).toEqual([
      { value: 'google.com', visitors: 1, visits: 1 },
      { value: 'news.ycombinator.com/item', visitors: 1, visits: 1 },
    ]);
    expect(answer.breakdowns.countries).toEqual([
      { value: 'DE', visitors: 1, visits: 1 },
      { value: 'US', visitors: 1, visits: 1 },
    ]);
    expect(answer.breakdowns.devices).toEqual([
      { value: 'desktop', visitors: 3, visits: 4 },
      { value: 'mobile', visitors: 1, visits: 1 },
    ]);
    expect(answer.breakdowns.browsers).toEqual([
      { value: 'Chrome', visitors: 1, visits: 1 },
      { value: 'Mobile Safari', visitors: 1, visits: 1 },
    ]);
    expect(answer.breakdowns.utm_mediums).toEqual([{ value: 'email', visitors: 1, visits: 1 }]);
    expect(answer.breakdowns.events).toEqual([{ value: 'signup', visitors: 1, events: 1 }]);
  });

  it('gives the 23 wall-clock hours of the day clocks went forward', () => {
    const answer = referenceDetail(input({ period: 'yesterday' }));
    expect(answer.range).toEqual({ from: '2026-03-29', to: '2026-03-29', interval: 'hour' });
    expect(answer.timeseries.map((point) => point.date)).not.toContain('2026-03-29T02:00');
    expect(answer.timeseries).toHaveLength(23);
    expect(answer.timeseries.filter((point) => point.visits > 0)).toEqual([
      { ...bouncesOnly, date: '2026-03-29T01:00', visitors: 1, visits: 1, pageviews: 1 },
      { ...bouncesOnly, date: '2026-03-29T03:00', visitors: 1, visits: 1, pageviews: 1 },
    ]);
    expect(answer.comparison).toBeNull();
    expect(answer.filtered).toEqual({ bots: 0 });
  });

  it('applies page prefixes, events and visit filters', () => {
    const docs = referenceDetail(input({ period: '7d', page: '/docs*' }));
    expect(docs.summary).toMatchObject({ visitors: 1, visits: 2, pageviews: 2, events: 0, bounce_rate: 100 });
    const signup = referenceDetail(input({ period: 'today', event: 'signup' }));
    expect(signup.summary).toEqual({
      visitors: 1,
      visits: 1,
      pageviews: 2,
      views_per_visit: 2,
      bounce_rate: 0,
      visit_duration: 1800,
      events: 1,
    });
    expect(signup.breakdowns.exit_pages).toEqual([{ value: '/pricing', visitors: 1, visits: 1 }]);
    const german = referenceDetail(input({ period: 'month', country: 'de', referrer: 'google.com' }));
    expect(german.summary).toMatchObject({ visits: 1, pageviews: 2, events: 1 });
    expect(referenceDetail(input({ period: 'month', referrer: 'google.com/' })).summary).toEqual(zeros);
  });

  it('starts `all` on the first visit and rounds week buckets to Sundays', () => {
    const answer = referenceDetail(input({ period: 'all', interval: 'week', compare: 'previous_period' }));
    expect(answer.range).toEqual({ from: '2026-03-29', to: '2026-03-30', interval: 'week' });
    expect(answer.timeseries).toEqual([
      {
        date: '2026-03-29',
        visitors: 3,
        visits: 5,
        pageviews: 6,
        views_per_visit: 1.2,
        bounce_rate: 80,
        visit_duration: 360,
        events: 1,
      },
    ]);
    expect(answer.comparison).toBeNull();
    const monthly = referenceDetail(
      input({ period: 'custom', from: '2026-02-20', to: '2026-03-30', interval: 'month' }),
    );
    expect(monthly.timeseries.map((point) => point.date)).toEqual(['2026-02-01', '2026-03-01']);
  });
});

describe('the day clocks go back', () => {
  // New York, 2026-11-01: 01:00–02:00 happens twice (EDT, then EST). Now is 10:00 EST.
  const page = (visitor: string, timestamp: string, path: string): ImportRecord => ({
    timestamp,
    visitor,
    type: 'pageview',
    url: `https://shop.example${path}`,
  });
  const records = [
    page('a', '2026-11-01T05:30:00Z', '/'), // 01:30 EDT
    page('a', '2026-11-01T06:10:00Z', '/'), // 01:10 EST, 40 minutes later: a second visit
    page('b', '2026-11-01T06:30:00Z', '/pricing'), // 01:30 EST
    page('b', '2026-10-31T23:30:00Z', '/'), // the day before, for 7d
  ];
  const timeZone = 'America/New_York';
  const now = Date.parse('2026-11-01T15:00:00Z');

  it('makes the repeated wall-clock hour one bucket of a 24-bucket day, in the reference', () => {
    const answer = referenceDetail({ companyId: 1, timeZone, now, records, query: { period: 'today' } });
    expect(answer.timeseries.map((point) => point.date)).toEqual(
      Array.from({ length: 24 }, (_, hour) => `2026-11-01T${String(hour).padStart(2, '0')}:00`),
    );
    expect(answer.timeseries[1]).toEqual({
      date: '2026-11-01T01:00',
      visitors: 2,
      visits: 3,
      pageviews: 3,
      views_per_visit: 1,
      bounce_rate: 100,
      visit_duration: 0,
      events: 0,
    });
    expect(answer.summary).toMatchObject({ visitors: 2, visits: 3, bounce_rate: 100 });
  });

  it('answers what the reference computes for its hourly periods', async () => {
    setClock(now);
    const company = await newCompany(timeZone);
    expect((await importRecords(company, records)).stored).toBe(records.length);
    for (const query of [
      { period: 'today' },
      { period: '7d', interval: 'hour', compare: 'previous_period' },
      { period: 'custom', from: '2026-10-31', to: '2026-11-01', interval: 'hour' },
    ] satisfies AnalyticsQuery[]) {
      setClock(now);
      const expected = referenceDetail({ companyId: company.id, timeZone, now, records, query });
      expect(await detail(company, query), JSON.stringify(query)).toEqual(expected);
    }
  });
});

describe('the endpoint on the hand-computed dataset', () => {
  async function handCompany() {
    setClock(HAND_NOW);
    const company = await newCompany(HAND_ZONE);
    const imported = await importRecords(company, HAND_RECORDS);
    expect(imported.rejected.map((rejection) => rejection.line)).toEqual([7, 10]);
    return company;
  }
  const expectReference = async (company: TestCompany, query: AnalyticsQuery) => {
    setClock(HAND_NOW);
    const expected = referenceDetail({
      companyId: company.id,
      timeZone: HAND_ZONE,
      now: HAND_NOW,
      records: HAND_RECORDS,
      query,
    });
    expect(await detail(company, query), JSON.stringify(query)).toEqual(expected);
  };

  it('answers what the reference computes for periods, DST hours, filters and comparison', async () => {
    const company = await handCompany();
    for (const query of [
      { period: '7d', compare: 'previous_period', limit: 3 },
      { period: 'yesterday' },
      { period: '7d', interval: 'hour', page: '/docs*' },
      { period: 'today', event: 'signup' },
      { period: 'month', country: 'de', referrer: 'google.com' },
      { period: 'all', interval: 'week', compare: 'previous_period' },
    ] satisfies AnalyticsQuery[])
      await expectReference(company, query);
  });

  it('matches the `referrer` filter against the host only, not a whole row value', async () => {
    // docs/api.md "Analytics": `referrer` matches the referrer's host (the part of the row value before
    // the first `/`). `news.ycombinator.com/item` is a row value, not a host: it selects no visit.
    const company = await handCompany();
    await expectReference(company, { period: '7d', referrer: 'news.ycombinator.com' });
    await expectReference(company, { period: '7d', referrer: 'news.ycombinator.com/item' });
  });
});
