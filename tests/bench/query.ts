// `npm run bench:query`: how fast the analytics detail answers for a company with millions of events.
// Writes the traffic (90 days by default, one big company and a few small ones as noise), then times the
// endpoint through HTTP injection for each case, beside a straightforward raw-SQL summary of the same
// days as the baseline. Progress goes to stderr; one JSON line per case goes to stdout. See README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createRepositories, type Db } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app';
import { hashPassword } from '../../server/src/auth/passwords';
import { loadConfig } from '../../server/src/config';
import { ImportsUnderway } from '../../server/src/ingest/imports-underway';
import { packEndedDays } from '../../server/src/storage/pack-ended-days';
import { relationalEngine } from '../../server/src/storage/relational-engine';
import { inlineAnalyticsRunner } from '../../server/src/workers/analytics-runner';
import { trafficOf } from './query-data';
import {
  type BaselineFilter,
  type BaselineKind,
  BENCH_FUNNEL,
  BENCH_FUNNEL_GOALS,
  BENCH_GOALS,
  BENCH_PROPS_KEY,
  type BenchStore,
  postgresStore,
  sqliteStore,
} from './query-stores';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    events: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '90' },
    runs: { type: 'string', default: '15' },
    noise: { type: 'string', default: '4' },
    /** Comma-separated case names; all by default. */
    cases: { type: 'string' },
    keep: { type: 'boolean', default: false },
    /** A PostgreSQL server URL: the bench creates a database of its own there instead of a SQLite file. */
    database: { type: 'string' },
    /** The server's ANALYTICS_CACHE_MB: 0 reads every segment from the database at every query. */
    'cache-mb': { type: 'string' },
  },
});

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    process.stderr.write(`--${name} must be a positive integer, not ${JSON.stringify(value)}\n`);
    process.exit(2);
  }
  return number;
}

const totalEvents = positive('events', args.events);
const days = positive('days', args.days);
const runs = positive('runs', args.runs);
const noiseCompanies = Math.max(0, Math.round(Number(args.noise) || 0));
/** The noise companies share this fraction of the events. */
const NOISE_SHARE = 0.04;
const DAY_MS = 86_400_000;
const log = (line: string) => process.stderr.write(`[bench:query] ${line}\n`);

async function load(db: Db, companyIds: number[], now: number): Promise<number> {
  const repos = createRepositories(db);
  let sessionId = Date.now() * 1024;
  const nextSessionId = () => ++sessionId;
  let written = 0;
  let reported = 0;
  const started = performance.now();
  for (const [index, companyId] of companyIds.entries()) {
    const events =
      index === 0
        ? Math.round(totalEvents * (1 - NOISE_SHARE))
        : Math.round((totalEvents * NOISE_SHARE) / (companyIds.length - 1));
    for (const batch of trafficOf({ companyId, events, days, now, seed: 1000 + index }, nextSessionId)) {
      await repos.tracking.write(batch);
      written += batch.events.length;
      if (written - reported >= 1_000_000) {
        reported = written;
        const seconds = (performance.now() - started) / 1000;
        log(`${(written / 1e6).toFixed(1)} M events written, ${Math.round(written / seconds)} a second`);
      }
    }
  }
  log(`${written} events written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return written;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] as number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

interface Case {
  name: string;
  query: string;
  /** Days back from today (inclusive) that the raw baseline sums. */
  days: number;
  filter?: BaselineFilter;
  /** What the raw baseline computes: the summary unless said. */
  baseline?: BaselineKind;
  /**
   * What the company defines before the case runs (after the cases without): the 5 goals, then with the
   * funnel's 2 more goals and the 4-step funnel, whose report the case asks for.
   */
  defines?: 'goals' | 'funnel';
}

/** The cases without definitions run first: a company without goals answers its unfiltered detail from rollups. */
const CASES: Case[] = [
  { name: '30d', query: 'period=30d', days: 30 },
  { name: '30d_page', query: 'period=30d&page=/', days: 30, filter: { page: '/' } },
  { name: '30d_country', query: 'period=30d&country=US', days: 30, filter: { country: 'US' } },
  { name: '12mo', query: 'period=12mo', days: 365 },
  { name: 'today', query: 'period=today', days: 1 },
  { name: '30d_not_page', query: 'period=30d&page=!/', days: 30, filter: { notPage: '/' } },
  { name: '30d_props', query: `period=30d&props_key=${BENCH_PROPS_KEY}`, days: 30, baseline: 'props' },
  // Every key instead of one key's values: the same scan of the custom events, each set's keys read once.
  { name: '30d_prop_keys', query: 'period=30d&prop_keys=true', days: 30, baseline: 'props' },
  { name: '30d_goals', query: 'period=30d', days: 30, baseline: 'goals', defines: 'goals' },
  { name: '30d_funnel', query: 'period=30d', days: 30, baseline: 'funnel', defines: 'funnel' },
];

/** The baseline's time: the median of three runs of the raw-SQL summary of the case's days. */
async function timeBaseline(store: BenchStore, companyId: number, now: number, test: Case): Promise<number> {
  const to = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const from = to - test.days * DAY_MS;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const kind = test.baseline ?? 'summary';
    if (kind === 'summary') await store.rawSummary(companyId, from, to, test.filter);
    else await store.rawConversions(kind, companyId, from, to);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

/** Packs every ended day into its segment, as the server's hourly pass does, with progress on stderr. */
async function pack(db: Db): Promise<void> {
  const started = performance.now();
  let packed = 0;
  let reported = started;
  const repos = createRepositories(db);
  const now = () => new Date();
  const analytics = inlineAnalyticsRunner({
    repos,
    analyticsRepos: repos,
    analyticsEngine: relationalEngine(repos),
    now,
  });
  const counts = await packEndedDays(
    { repos, now, importsUnderway: new ImportsUnderway(), analytics },
    () => {
      packed += 1;
      if (performance.now() - reported >= 5_000) {
        reported = performance.now();
        log(`${packed} company-days packed`);
      }
    },
  );
  log(
    `${counts.days} days (${counts.events} events, ${counts.visits} visits) packed into segments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

const MB = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function main(): Promise<void> {
  const store = args.database
    ? await postgresStore(args.database, 1 + noiseCompanies)
    : await sqliteStore(1 + noiseCompanies);
  const { db } = store;
  const dataDir = mkdtempSync(join(tmpdir(), 'footfall-bench-data-'));
  const now = Date.now();
  try {
    const companyIds = store.companies.map((company) => company.id);
    const companyId = companyIds[0] as number;
    const written = await load(db, companyIds, now);
    await store.analyze();
    const rawSize = await store.size();
    log(`raw rows: ${MB(rawSize)}, ${Math.round(rawSize / written)} bytes an event`);
    const wanted = args.cases?.split(',');
    const cases = CASES.filter((candidate) => !wanted || wanted.includes(candidate.name));
    // The baseline sums the raw rows, as a straightforward design keeps them: timed before packing.
    const baselines = new Map<string, number>();
    for (const test of cases) baselines.set(test.name, await timeBaseline(store, companyId, now, test));
    await pack(db);
    const compacting = performance.now();
    const size = await store.compact();
    log(`VACUUM in ${((performance.now() - compacting) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      APP_URL: 'http://bench.footfall.test',
      DATABASE_URL: store.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-the-config-check',
      LOG_LEVEL: 'warn',
      FOOTFALL_SEED_DEMO: 'false',
      ANALYTICS_CACHE_MB: args['cache-mb'],
    });
    const app = await buildApp({ config, db });
    await app.ready();
    const { users } = db.schema;
    const password = 'bench password';
    await db.orm
      .update(users)
      .set({ passwordHash: await hashPassword(password), emailVerifiedAt: new Date() })
      .where(eq(users.email, 'bench1@footfall.example'));
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'bench1@footfall.example', password },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const authorization = `Bearer ${token}`;

    // The first unfiltered query over every day builds the daily rollups from the segments.
    const building = performance.now();
    const all = await app.inject({
      url: `/api/company-visitor-analytics-detail/${companyId}?period=all`,
      headers: { authorization },
    });
    if (all.statusCode !== 200) throw new Error(`period=all: ${all.statusCode} ${all.body}`);
    log(
      `daily rollups of ${days} days built by the first query in ${((performance.now() - building) / 1000).toFixed(1)} s`,
    );
    const finalSize = await store.size();
    const bytesPerEvent = Math.round(finalSize / written);
    log(
      `database: ${MB(finalSize)} (${MB(size)} before the rollups), ${bytesPerEvent} bytes an event, segments, today's raw rows, indexes and rollups included`,
    );

    const define = async (url: string, payload: object): Promise<number> => {
      const response = await app.inject({ method: 'POST', url, headers: { authorization }, payload });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return (response.json() as { data: { id: number } }).data.id;
    };
    const goalIds = new Map<object, number>();
    const defineGoals = async (goals: typeof BENCH_GOALS) => {
      for (const goal of goals)
        goalIds.set(goal, await define(`/api/companies/${companyId}/goals`, goal.body));
    };
    let funnelId: number | undefined;
    for (const test of cases) {
      if (test.defines && goalIds.size === 0) await defineGoals(BENCH_GOALS);
      if (test.defines === 'funnel' && funnelId === undefined) {
        await defineGoals(BENCH_FUNNEL_GOALS);
        funnelId = await define(`/api/companies/${companyId}/funnels`, {
          name: 'Sign-up',
          steps: BENCH_FUNNEL.map((goal) => goalIds.get(goal)),
        });
      }
      const url =
        test.defines === 'funnel'
          ? `/api/companies/${companyId}/funnels/${funnelId}/report?${test.query}`
          : `/api/company-visitor-analytics-detail/${companyId}?${test.query}`;
      const times: number[] = [];
      for (let i = 0; i <= runs; i++) {
        const started = performance.now();
        const response = await app.inject({ url, headers: { authorization } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200)
          throw new Error(`${test.name}: ${response.statusCode} ${response.body}`);
        if (i > 0) times.push(elapsed); // the first run warms caches up
      }
      times.sort((a, b) => a - b);
      const line = {
        case: test.name,
        p50_ms: round(percentile(times, 0.5)),
        p95_ms: round(percentile(times, 0.95)),
        baseline_ms: round(baselines.get(test.name) as number),
        bytes_per_event: bytesPerEvent,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
    await app.close();
  } finally {
    if (args.keep) log(`kept ${store.url}`);
    else await store.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
