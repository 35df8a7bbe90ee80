// `npm run bench:ingest`: how many pageviews a second the real ingestion endpoint commits, next to a bare
// Fastify route answering 202 to the same request on the same machine. Progress goes to stderr; one JSON
// line goes to stdout. Exits 1 when the count of 202 answers differs from the rows stored. See README.md.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  type BenchDatabase,
  buildIfStale,
  checkpointedSize,
  countEvents,
  createBenchDatabase,
  runBench,
  startBare,
  startFootfall,
} from './footfall-server';
import { type LoadShape, pageviewBody, segment, Tally, warmUp } from './load';

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
const shape: LoadShape = { connections, visitors, log };
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

/** The JSON line: both rates and their ratio, what was acknowledged and stored, and the storage per event. */
function resultLine(db: BenchDatabase, companyId: number, ingest: Tally, bare: Tally, load1: number) {
  const stored = countEvents(db, companyId);
  const total = countEvents(db);
  const size = checkpointedSize(db);
  const bytes = size.main + size.wal;
  return {
    ingest_rps: Math.round(ingest.rps),
    bare_rps: Math.round(bare.rps),
    ratio: Number((ingest.rps / bare.rps).toFixed(3)),
    cpu_us_per_event: Number(ingest.cpuMicrosPerRequest.toFixed(1)),
    bare_cpu_us_per_request: Number(bare.cpuMicrosPerRequest.toFixed(1)),
    cpu_ratio: Number((bare.cpuMicrosPerRequest / ingest.cpuMicrosPerRequest).toFixed(3)),
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
    await warmUp(shape, footfall.url, pageviewBody(warmCompany.trackingKey), warmup, ingest);
    log('bare Fastify warm-up:');
    await warmUp(shape, baseline.url, body, warmup, bare);
    for (let round = 1; round <= rounds; round++) {
      log(`round ${round}: Footfall`);
      await segment(shape, footfall.url, body, duration / rounds, ingest, footfall.child.pid);
      log(`round ${round}: bare Fastify`);
      await segment(shape, baseline.url, body, duration / rounds, bare, baseline.child.pid);
    }
  } finally {
    await baseline?.stop();
    exitCode = await footfall?.stop();
  }
  const line = resultLine(db, company.id, ingest, bare, load1);
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

runBench('bench:ingest', main);
