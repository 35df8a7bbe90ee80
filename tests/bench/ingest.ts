// `npm run bench:ingest`: how many pageviews a second the real ingestion endpoint commits, next to a bare
// Fastify route answering 202 to the same request on the same machine. Progress goes to stderr; one JSON
// line goes to stdout. Exits 1 when the count of 202 answers differs from the rows stored. See README.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  type BenchDatabase,
  buildIfStale,
  CHROME_UA,
  checkpointedSize,
  countEvents,
  createBenchDatabase,
  freePort,
  INGEST_PATH,
  ROOT,
  startFootfall,
  waitForHealth,
} from './footfall-server';

const { values: args } = parseArgs({
  // `npm run bench -- --quick` may pass a literal `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string', default: '50' },
    visitors: { type: 'string', default: '1' },
    quick: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'cpu-prof': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    process.stderr.write(`--${name} must be a positive number, not ${JSON.stringify(value)}\n`);
    process.exit(2);
  }
  return number;
}

const quick = args.quick === true;
const duration = quick ? 3 : positive('duration', args.duration, 10);
const warmup = positive(
  'warmup',
  args.warmup,
  quick ? 2 : Math.min(5, Math.max(3, Math.round(duration / 2))),
);
const rounds = Math.round(positive('rounds', args.rounds, quick ? 1 : 2));
const connections = Math.round(positive('connections', args.connections, 50));
const visitors = Math.round(positive('visitors', args.visitors, 1));
// autocannon keeps a built copy of every request for each connection: 100 000 visitors took 18 GB.
const MAX_VISITORS = 2_000;
if (visitors > MAX_VISITORS) {
  process.stderr.write(
    `--visitors is at most ${MAX_VISITORS} (autocannon copies each request per connection)\n`,
  );
  process.exit(2);
}
const logLevel = args['log-level'] ?? 'info';

const log = (line: string) => process.stderr.write(`[bench:ingest] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the tracker sends for a pageview: a search referrer, a campaign URL and the viewport width (the
 * language comes from the Accept-Language header below).
 */
function pageviewBody(trackingKey: string): string {
  return JSON.stringify({
    company: trackingKey,
    type: 'pageview',
    url: 'https://shop.example.com/products/blue-widget?utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&utm_content=hero',
    referrer: 'https://www.google.com/',
    screen_width: 1440,
  });
}

/** What a browser's `navigator.sendBeacon` sends along, give or take the cookies it has none of. */
const headers = {
  'content-type': 'text/plain;charset=UTF-8',
  'user-agent': CHROME_UA,
  origin: 'https://shop.example.com',
  referer: 'https://shop.example.com/products/blue-widget',
  'accept-language': 'en-US,en;q=0.9',
};

/** The totals of one server's measured segments. */
class Tally {
  ok = 0;
  non2xx = 0;
  errors = 0;
  seconds = 0;
  /** Latency of every answer, in ms. */
  latencies: number[] = [];
  /** Answers a second in the last segment (or the warm-up), to size the next one. */
  rate = 0;

  get rps(): number {
    return this.ok / this.seconds;
  }

  p99(): number {
    const sorted = Float64Array.from(this.latencies).sort();
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
  }
}

/**
 * What autocannon sends: the one request, or with `--visitors N` the same request from N addresses in turn
 * (`X-Forwarded-For`, which the Footfall server then trusts), so that visitors and visits are many.
 */
function target(url: string, body: string) {
  const common = { url: url + INGEST_PATH, method: 'POST', connections, pipelining: 1, timeout: 30 };
  if (visitors === 1) return { ...common, headers, body };
  const requests = Array.from({ length: visitors }, (_, i) => ({
    method: 'POST',
    path: INGEST_PATH,
    headers: { ...headers, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    body,
  }));
  return { ...common, requests };
}

/** Loads `url` for `seconds`, ignoring the figures except the rate of the second half (JIT mostly done). */
async function warmUp(url: string, body: string, seconds: number, tally: Tally): Promise<void> {
  const half = performance.now() + (seconds * 1000) / 2;
  let answers = 0;
  let last = half;
  const run = autocannon({ ...target(url, body), duration: seconds });
  run.on('response', () => {
    const now = performance.now();
    if (now < half) return;
    answers++;
    last = now;
  });
  const result = await run;
  tally.rate = last > half ? answers / ((last - half) / 1000) : result.requests.average;
  log(`  warm-up: ${Math.round(result.requests.average)}/s, ${Math.round(tally.rate)}/s in its second half`);
  // Let the answers that the timed warm-up left in flight settle.
  await sleep(500);
}

/** Longest single autocannon run inside a turn: short enough to correct a rate estimate that was off. */
const CHUNK_SECONDS = 2.5;

/**
 * One measured turn of about `seconds`, in runs of a fixed number of requests each (the server's last
 * rate × the run's share of the time) until the time is used up. A fixed count rather than a fixed time,
 * so that every request sent gets its answer before the connections close: a timed run abandons the
 * requests in flight at its end, which the server stores all the same.
 */
async function segment(url: string, body: string, seconds: number, tally: Tally): Promise<void> {
  let spent = 0;
  let ok = 0;
  while (seconds - spent > 0.2) {
    const chunk = Math.min(CHUNK_SECONDS, seconds - spent);
    const amount = Math.max(connections * 10, Math.round(tally.rate * chunk));
    const started = performance.now();
    let last = started;
    const run = autocannon({ ...target(url, body), amount });
    run.on('response', (_client: unknown, _status: number, _bytes: number, latency: number) => {
      last = performance.now();
      tally.latencies.push(latency);
    });
    const result = await run;
    const elapsed = (last - started) / 1000;
    const answered = result.statusCodeStats['202']?.count ?? 0;
    ok += answered;
    spent += elapsed;
    tally.non2xx += result.non2xx;
    tally.errors += result.errors;
    if (answered > 0) tally.rate = answered / elapsed;
  }
  tally.ok += ok;
  tally.seconds += spent;
  log(`  ${ok} × 202 in ${spent.toFixed(2)} s → ${Math.round(ok / spent)}/s`);
}

async function startBare(): Promise<{ url: string; child: ChildProcess; stop(): Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'tests/bench/bare-server.mjs')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, exited);
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function main(): Promise<number> {
  const [load1 = 0] = loadavg();
  if (load1 > 0.5) {
    log(
      `load average ${load1.toFixed(2)} before starting: other work shares the cores, expect noisy figures`,
    );
  }
  log('building the server if stale…');
  buildIfStale();
  const db = await createBenchDatabase(2);
  try {
    return await benchmark(db, load1);
  } finally {
    if (args.keep) log(`kept ${db.dir}`);
    else db.remove();
  }
}

async function benchmark(db: BenchDatabase, load1: number): Promise<number> {
  const [warmCompany, company] = db.companies;
  if (!warmCompany || !company) throw new Error('two companies expected');
  const body = pageviewBody(company.trackingKey);
  const nodeArgs = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const ingest = new Tally();
  const bare = new Tally();
  let footfall: Awaited<ReturnType<typeof startFootfall>> | undefined;
  let baseline: Awaited<ReturnType<typeof startBare>> | undefined;
  let exitCode: number | string | undefined;
  try {
    footfall = await startFootfall({
      db,
      logLevel,
      nodeArgs,
      ...(visitors > 1 && { env: { TRUST_PROXY: 'true' } }),
    });
    baseline = await startBare();
    log(`Footfall at ${footfall.url} (LOG_LEVEL=${logLevel}), database ${db.dbPath}`);
    log(`bare Fastify at ${baseline.url}`);
    log(
      `${connections} connections, pipelining 1; ${warmup} s warm-up each, then ${rounds} round(s) of ` +
        `~${duration / rounds} s per server, taking turns`,
    );
    log('Footfall warm-up (another company, not counted):');
    await warmUp(footfall.url, pageviewBody(warmCompany.trackingKey), warmup, ingest);
    log('bare Fastify warm-up:');
    await warmUp(baseline.url, body, warmup, bare);
    for (let round = 1; round <= rounds; round++) {
      log(`round ${round}: Footfall`);
      await segment(footfall.url, body, duration / rounds, ingest);
      log(`round ${round}: bare Fastify`);
      await segment(baseline.url, body, duration / rounds, bare);
    }
  } finally {
    await baseline?.stop();
    exitCode = await footfall?.stop();
  }
  const stored = countEvents(db, company.id);
  const total = countEvents(db);
  const size = checkpointedSize(db);
  const bytes = size.main + size.wal;
  const line = {
    ingest_rps: Math.round(ingest.rps),
    bare_rps: Math.round(bare.rps),
    ratio: Number((ingest.rps / bare.rps).toFixed(3)),
    p99_ms: Number(ingest.p99().toFixed(1)),
    acknowledged: ingest.ok,
    stored,
    bytes_per_event: Math.round(bytes / total),
    bytes_basis: `main file + WAL after the server's graceful close and a TRUNCATE checkpoint (${bytes} B) / all ${total} events in the database, warm-up included`,
    non_2xx: ingest.non2xx,
    errors: ingest.errors,
    bare_p99_ms: Number(bare.p99().toFixed(1)),
    connections,
    visitors,
    seconds: Number(ingest.seconds.toFixed(2)),
    log_level: logLevel,
    load_avg_1m: Number(load1.toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  let status = 0;
  if (exitCode !== 0) {
    log(`FAIL: Footfall exited with ${exitCode} on SIGTERM:\n${footfall?.output().slice(-2000)}`);
    status = 1;
  }
  if (line.acknowledged !== line.stored) {
    log(`FAIL: ${line.acknowledged} events acknowledged but ${line.stored} stored`);
    status = 1;
  }
  return status;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[bench:ingest] ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
    );
    process.exit(1);
  },
);
