// `npm run bench:query`: how fast the analytics detail answers for a company with millions of events.
// Writes the traffic (90 days by default, one big company and a few small ones as noise), then times the
// endpoint through HTTP injection for each case, beside a straightforward raw-SQL summary of the same
// days as the baseline. Progress goes to stderr; one JSON line per case goes to stdout. See README.md.
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createDb, createRepositories, type Db } from '@footfall/db';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { packEndedDays } from '../../server/src/analytics/packing';
import { buildApp } from '../../server/src/app';
import { hashPassword } from '../../server/src/auth/passwords';
import { loadConfig } from '../../server/src/config';
import { createBenchDatabase } from './footfall-server';
import { trafficOf } from './query-data';

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
  filter?: { page?: string; country?: string };
}

const CASES: Case[] = [
  { name: '30d', query: 'period=30d', days: 30 },
  { name: '30d_page', query: 'period=30d&page=/', days: 30, filter: { page: '/' } },
  { name: '30d_country', query: 'period=30d&country=US', days: 30, filter: { country: 'US' } },
  { name: '12mo', query: 'period=12mo', days: 365 },
  { name: 'today', query: 'period=today', days: 1 },
];

/**
 * The baseline: the summary's figures in plain SQL over the raw tables, as a first version would compute
 * them (daily distinct visitors, visits, bounces, duration, pageviews).
 */
function rawSummary(
  sqlite: Database.Database,
  companyId: number,
  from: number,
  to: number,
  filter: Case['filter'],
) {
  const visitFilter = filter?.country ? 'and country = @country' : '';
  const pageVisits = filter?.page
    ? 'and id in (select session_id from events where company_id = @company and ts >= @from and ts < @to and kind = 1 and pathname = @page)'
    : '';
  const params = { company: companyId, from, to, ...filter };
  const visits = sqlite
    .prepare(
      `select count(*) as visits, sum(is_bounce) as bounces, sum(last_activity_at - started_at) as duration,
         (select count(*) from (select distinct started_at / ${DAY_MS}, visitor_id from sessions
            where company_id = @company and started_at >= @from and started_at < @to ${visitFilter} ${pageVisits})) as visitors
       from sessions where company_id = @company and started_at >= @from and started_at < @to ${visitFilter} ${pageVisits}`,
    )
    .get(params);
  const pageviews = sqlite
    .prepare(
      filter?.country
        ? `select count(*) as pageviews from events e join sessions s on s.id = e.session_id
             where e.company_id = @company and e.ts >= @from and e.ts < @to and e.kind = 1 and s.country = @country`
        : `select count(*) as pageviews from events where company_id = @company and ts >= @from and ts < @to and kind = 1
             ${filter?.page ? 'and pathname = @page' : ''}`,
    )
    .get(params);
  return { ...(visits as object), ...(pageviews as object) };
}

function timeBaseline(sqlite: Database.Database, companyId: number, now: number, test: Case): number {
  const to = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  const from = to - test.days * DAY_MS;
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    rawSummary(sqlite, companyId, from, to, test.filter);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

/** Packs every ended day into its segment, as the server's hourly pass does, with progress on stderr. */
async function pack(db: Db): Promise<void> {
  const started = performance.now();
  let packed = 0;
  let reported = started;
  const counts = await packEndedDays({ repos: createRepositories(db), now: () => new Date() }, () => {
    packed += 1;
    if (performance.now() - reported >= 5_000) {
      reported = performance.now();
      log(`${packed} company-days packed`);
    }
  });
  log(
    `${counts.days} days (${counts.events} events, ${counts.visits} visits) packed into segments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The database's size on disk once its free pages are given back, after a checkpoint of the WAL. */
function compactedSize(sqlite: Database.Database, path: string): number {
  const started = performance.now();
  sqlite.exec('VACUUM');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  log(`VACUUM in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return statSync(path).size;
}

async function main(): Promise<void> {
  const bench = await createBenchDatabase(1 + noiseCompanies);
  const now = Date.now();
  const db = await createDb(`file:${bench.dbPath}`);
  const sqlite = new Database(bench.dbPath);
  try {
    const companyIds = bench.companies.map((company) => company.id);
    const companyId = companyIds[0] as number;
    const written = await load(db, companyIds, now);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    log(
      `raw rows: ${(statSync(bench.dbPath).size / 1e6).toFixed(0)} MB, ${Math.round(statSync(bench.dbPath).size / written)} bytes an event`,
    );
    const wanted = args.cases?.split(',');
    const cases = CASES.filter((candidate) => !wanted || wanted.includes(candidate.name));
    // The baseline sums the raw rows, as a straightforward design keeps them: timed before packing.
    const baselines = new Map(cases.map((test) => [test.name, timeBaseline(sqlite, companyId, now, test)]));
    await pack(db);
    const size = compactedSize(sqlite, bench.dbPath);

    const config = loadConfig({
      APP_URL: 'http://bench.footfall.test',
      DATABASE_URL: `file:${bench.dbPath}`,
      DATA_DIR: bench.dir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-the-config-check',
      LOG_LEVEL: 'warn',
      FOOTFALL_SEED_DEMO: 'false',
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
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const bytesPerEvent = Math.round(statSync(bench.dbPath).size / written);
    log(
      `database: ${(statSync(bench.dbPath).size / 1e6).toFixed(0)} MB (${(size / 1e6).toFixed(0)} MB before the rollups), ${bytesPerEvent} bytes an event, segments, today's raw rows, indexes and rollups included`,
    );

    for (const test of cases) {
      const url = `/api/company-visitor-analytics-detail/${companyId}?${test.query}`;
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
    sqlite.close();
    if (args.keep) log(`kept ${bench.dbPath}`);
    else bench.remove();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
