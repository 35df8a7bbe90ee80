// `npm run bench:cluster`: how many events a second the durable ingestion endpoint commits on PostgreSQL
// with one server, and with three servers sharing one database (each loaded at once with its share of the
// connections), next to a bare Fastify route on the same machine. Progress goes to stderr; one JSON line
// goes to stdout. Exits 1 when the 202 answers differ from the rows stored. See README.md.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  buildIfStale,
  createPostgresBenchDatabase,
  DEFAULT_BENCH_POSTGRES_URL,
  type FootfallProcess,
  type PostgresBenchDatabase,
  runBench,
  startBare,
  startFootfall,
} from './footfall-server';
import { type LoadShape, pageviewBody, quantile, segment, Tally, warmUp } from './load';

const { values: args } = parseArgs({
  // `npm run bench:cluster -- --quick` may pass a literal `--` through.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'database-url': { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '48' },
    visitors: { type: 'string', default: '1000' },
    quick: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
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

const SERVERS = 3;
const quick = args.quick === true;
const duration = quick ? 3 : positive('duration', args.duration, 10);
const warmup = quick ? 1.5 : positive('warmup', args.warmup, 4);
const connections = Math.round(positive('connections', args.connections, 48));
const visitors = Math.round(positive('visitors', args.visitors, 1000));
// autocannon keeps a built copy of every request for each connection (see ingest.ts).
const MAX_VISITORS = 2_000;
if (visitors > MAX_VISITORS || connections < SERVERS) {
  process.stderr.write(`--visitors is at most ${MAX_VISITORS} and --connections at least ${SERVERS}\n`);
  process.exit(2);
}
const adminUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_POSTGRES_URL;
const logLevel = args['log-level'] ?? 'info';

const log = (line: string) => process.stderr.write(`[bench:cluster] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `total` connections split as evenly as whole numbers allow over `parts` loads. */
function split(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

// Linux reports process CPU in clock ticks of 1/100 s (USER_HZ) on every common platform.
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 when it has gone or cannot be read. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Busy and total CPU seconds of the whole machine, every core, from /proc/stat. */
function machineSeconds(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, tick) => sum + (Number.isFinite(tick) ? tick : 0), 0);
    // idle and iowait
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Cores used on average during a measured phase, by who used them. */
interface CpuShare {
  /** The Footfall servers together. */
  servers: number;
  /** The PostgreSQL backends connected to the bench database (not PostgreSQL's shared background work). */
  postgres: number;
  /** This process: autocannon. */
  load: number;
  /** Every process on the machine, other people's work included. */
  machine: number;
}

/** How often the backends' activity is sampled while measuring. */
const SAMPLE_MS = 100;

/**
 * Samples what the bench database's backends are doing until `done` resolves; answers, for each activity,
 * how many backends were in it on average, the commonest first (PostgreSQL's "average active sessions").
 * Lock waits here are commits of different servers taking turns on the same rows.
 */
async function sampleActivity(db: PostgresBenchDatabase, done: Promise<unknown>) {
  const counts = new Map<string, number>();
  let rounds = 0;
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    for (const activity of await db.backendActivity()) {
      counts.set(activity, (counts.get(activity) ?? 0) + 1);
    }
    rounds++;
    await sleep(SAMPLE_MS);
  }
  return Object.fromEntries(
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([activity, count]) => [activity, Number((count / rounds).toFixed(2))]),
  );
}

/**
 * Runs `work` and answers how many cores each party used meanwhile. A PostgreSQL backend that connected
 * during the phase counts in full; one that left during it is missed (the pools keep theirs under load).
 */
async function withCpu(
  db: PostgresBenchDatabase,
  servers: FootfallProcess[],
  work: () => Promise<void>,
): Promise<CpuShare> {
  const serverPids = servers.flatMap((server) => (server.child.pid ? [server.child.pid] : []));
  const serversBefore = serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const backendsBefore = new Map((await db.backendPids()).map((pid) => [pid, cpuSeconds(pid)]));
  const loadBefore = process.cpuUsage();
  const machineBefore = machineSeconds();
  const started = performance.now();
  await work();
  const wall = (performance.now() - started) / 1000;
  const loadUsed = process.cpuUsage(loadBefore);
  const machineAfter = machineSeconds();
  const serversUsed = serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - serversBefore;
  let postgresUsed = 0;
  for (const pid of await db.backendPids()) postgresUsed += cpuSeconds(pid) - (backendsBefore.get(pid) ?? 0);
  const cores = (seconds: number) => Number((seconds / wall).toFixed(2));
  const machineTotal = machineAfter.total - machineBefore.total;
  return {
    servers: cores(serversUsed),
    postgres: cores(postgresUsed),
    load: cores((loadUsed.user + loadUsed.system) / 1e6),
    // /proc/stat counts every core's ticks: scale its share back to cores.
    machine:
      machineTotal > 0
        ? Number(
            (((machineAfter.busy - machineBefore.busy) / machineTotal) * availableParallelism()).toFixed(2),
          )
        : 0,
  };
}

/** One measured set-up: each server's tally, loaded at once. */
interface Phase {
  tallies: Tally[];
  cpu: CpuShare;
  /** Backends in each activity on average (see `sampleActivity`). */
  backends: Record<string, number>;
}

/** Loads every server at once, each with its share of the connections, for a warm-up and then a measured turn. */
async function loadTogether(
  db: PostgresBenchDatabase,
  servers: FootfallProcess[],
  warmKey: string,
  key: string,
): Promise<Phase> {
  const shapes: LoadShape[] = split(connections, servers.length).map((share, i) => ({
    connections: share,
    visitors,
    log: (line) => log(servers.length > 1 ? `server ${i + 1}: ${line.trim()}` : line),
  }));
  const tallies = servers.map(() => new Tally());
  await Promise.all(
    servers.map((server, i) =>
      warmUp(shapes[i] as LoadShape, server.url, pageviewBody(warmKey), warmup, tallies[i] as Tally),
    ),
  );
  let backends: Record<string, number> = {};
  const cpu = await withCpu(db, servers, async () => {
    const load = Promise.all(
      servers.map((server, i) =>
        segment(shapes[i] as LoadShape, server.url, pageviewBody(key), duration, tallies[i] as Tally),
      ),
    );
    [, backends] = await Promise.all([load, sampleActivity(db, load)]);
  });
  return { tallies, cpu, backends };
}

/** A phase's figures: events a second summed over its servers, latency over all their answers. */
async function figures(db: PostgresBenchDatabase, phase: Phase, companyId: number) {
  const { tallies } = phase;
  const latencies = tallies.flatMap((tally) => tally.latencies);
  const acknowledged = tallies.reduce((sum, tally) => sum + tally.ok, 0);
  return {
    events_per_s: Math.round(tallies.reduce((sum, tally) => sum + tally.rps, 0)),
    ...(tallies.length > 1 && { per_server: tallies.map((tally) => Math.round(tally.rps)) }),
    p50_ms: Number(quantile(latencies, 0.5).toFixed(1)),
    p99_ms: Number(quantile(latencies, 0.99).toFixed(1)),
    acknowledged,
    stored: await db.countEvents(companyId),
    non_2xx: tallies.reduce((sum, tally) => sum + tally.non2xx, 0),
    errors: tallies.reduce((sum, tally) => sum + tally.errors, 0),
    seconds: Number(Math.max(...tallies.map((tally) => tally.seconds)).toFixed(2)),
    cpu_cores: phase.cpu,
    backends: phase.backends,
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
  // Companies: the warm-ups' traffic, then one server's measured traffic, then three servers'.
  const db = await createPostgresBenchDatabase(adminUrl, 3);
  log(`database ${db.name} on ${new URL(adminUrl).host}`);
  try {
    return await benchmark(db, load1);
  } finally {
    if (args.keep) log(`kept ${db.dir} (the database is dropped all the same)`);
    await db.remove();
  }
}

async function benchmark(db: PostgresBenchDatabase, load1: number): Promise<number> {
  const [warmCompany, oneCompany, threeCompany] = db.companies;
  if (!warmCompany || !oneCompany || !threeCompany) throw new Error('three companies expected');
  // Servers of one installation share their signing secret; the visitor addresses come in X-Forwarded-For.
  const env = { TRUST_PROXY: 'true', JWT_SECRET: `bench-${'x'.repeat(32)}` };
  const servers: FootfallProcess[] = [];
  const exitCodes: (number | string)[] = [];
  const bare = new Tally();
  let one: Phase | undefined;
  let three: Phase | undefined;
  try {
    const baseline = await startBare();
    try {
      log(`bare Fastify at ${baseline.url}: ${connections} connections, ${visitors} visitors`);
      const shape: LoadShape = { connections, visitors, log };
      await warmUp(shape, baseline.url, pageviewBody(warmCompany.trackingKey), warmup, bare);
      await segment(shape, baseline.url, pageviewBody(oneCompany.trackingKey), duration, bare);
    } finally {
      await baseline.stop();
    }
    const start = async (i: number) => {
      const logFile = `${db.dir}/server-${i + 1}.log`;
      servers.push(await startFootfall({ db, logLevel, env, logFile }));
    };
    await start(0);
    log(
      `one server at ${servers[0]?.url} (LOG_LEVEL=${logLevel}), ${warmup} s warm-up, ~${duration} s measured`,
    );
    one = await loadTogether(db, servers, warmCompany.trackingKey, oneCompany.trackingKey);
    for (let i = 1; i < SERVERS; i++) await start(i);
    log(`${SERVERS} servers at ${servers.map((server) => server.url).join(', ')}, loaded at once`);
    three = await loadTogether(db, servers, warmCompany.trackingKey, threeCompany.trackingKey);
  } finally {
    for (const server of servers) exitCodes.push(await server.stop());
  }
  // Let any backend a stopping server left finish (the counts must see every commit; they do anyway, as
  // each 202 follows its commit).
  await sleep(100);
  const oneFigures = await figures(db, one, oneCompany.id);
  const threeFigures = await figures(db, three, threeCompany.id);
  const line = {
    one_server_eps: oneFigures.events_per_s,
    three_servers_eps: threeFigures.events_per_s,
    scaling: Number((threeFigures.events_per_s / oneFigures.events_per_s).toFixed(2)),
    bare_rps: Math.round(bare.rps),
    one: oneFigures,
    three: threeFigures,
    bare: {
      p50_ms: Number(quantile(bare.latencies, 0.5).toFixed(1)),
      p99_ms: Number(bare.p99().toFixed(1)),
      non_2xx: bare.non2xx,
      errors: bare.errors,
    },
    connections,
    visitors,
    log_level: logLevel,
    cpus: availableParallelism(),
    load_avg_1m: Number(load1.toFixed(2)),
    load_avg_1m_end: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  let status = 0;
  exitCodes.forEach((code, i) => {
    if (code === 0) return;
    log(`FAIL: server ${i + 1} exited with ${code} on SIGTERM:\n${servers[i]?.output().slice(-2000)}`);
    status = 1;
  });
  for (const [name, phase] of [
    ['one server', oneFigures],
    ['three servers', threeFigures],
  ] as const) {
    if (phase.acknowledged !== phase.stored) {
      log(`FAIL (${name}): ${phase.acknowledged} events acknowledged but ${phase.stored} stored`);
      status = 1;
    }
  }
  return status;
}

runBench('bench:cluster', main);
