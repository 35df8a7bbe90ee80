// `npm run bench:memory`: the server's memory under a flood of distinct visitors (docs/api.md "Limits that
// hold under attack"). Starts the built server on SQLite (or PostgreSQL), sends pageviews (autocannon) from 20 connections,
// each from a new visitor (a new address in `X-Forwarded-For`, which the server trusts from 127.0.0.1), for
// `--seconds`, then waits `--after` seconds, reading the server's resident memory (VmRSS) every 5 s. Each
// budget of `--budgets` (OPEN_VISITS_MB) is a run of its own: the default compares the default budget with one
// that holds every visit, as memory grew before it had a bound. Progress on stderr, one JSON line per run.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  buildIfStale,
  CHROME_UA,
  createBenchDatabase,
  createPostgresBenchDatabase,
  INGEST_PATH,
  startFootfall,
} from './footfall-server';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    seconds: { type: 'string', default: '180' },
    after: { type: 'string', default: '60' },
    connections: { type: 'string', default: '20' },
    /** Comma-separated OPEN_VISITS_MB settings, one run each. */
    budgets: { type: 'string', default: '64,4096' },
    database: { type: 'string' },
  },
});

const log = (line: string) => process.stderr.write(`${line}\n`);
const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

/** A new IPv4 address for each n, away from the private ranges' edges. */
const addressOf = (n: number) => `11.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

async function run(budget: string): Promise<void> {
  const db = args.database
    ? await createPostgresBenchDatabase(args.database, 1)
    : await createBenchDatabase(1);
  const server = await startFootfall({ db, env: { TRUST_PROXY: '127.0.0.1', OPEN_VISITS_MB: budget } });
  const pid = server.child.pid as number;
  const trackingKey = db.companies[0]?.trackingKey;
  const started = performance.now();
  const trajectory: { s: number; rss_mb: number }[] = [];
  let accepted = 0;
  let failed = 0;
  const sample = () => {
    const entry = { s: Math.round((performance.now() - started) / 1000), rss_mb: rssMb(pid) };
    trajectory.push(entry);
    log(`OPEN_VISITS_MB=${budget}: ${entry.s} s, ${entry.rss_mb} MB`);
  };
  sample();
  const sampler = setInterval(sample, 5_000);
  // autocannon in this process, each request from a new address: as cheap a load as the bench can make.
  let sent = 0;
  const result = await autocannon({
    url: server.url,
    connections: Number(args.connections),
    duration: Number(args.seconds),
    requests: [
      {
        method: 'POST',
        path: INGEST_PATH,
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA },
        body: JSON.stringify({
          company: trackingKey,
          type: 'pageview',
          url: 'https://shop.example.com/pricing',
        }),
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': addressOf(sent++) },
        }),
      },
    ],
  });
  accepted = result['2xx'];
  failed = result.non2xx + result.errors;
  const loadSeconds = (performance.now() - started) / 1000;
  const during = Math.max(...trajectory.map((entry) => entry.rss_mb));
  await new Promise((resolve) => setTimeout(resolve, Number(args.after) * 1000));
  clearInterval(sampler);
  sample();
  await server.stop();
  await db.remove();
  process.stdout.write(
    `${JSON.stringify({
      open_visits_mb: Number(budget),
      events: accepted,
      failed,
      events_per_s: Math.round(accepted / loadSeconds),
      rss_start_mb: trajectory[0]?.rss_mb,
      rss_peak_during_mb: during,
      rss_after_mb: trajectory.at(-1)?.rss_mb,
      trajectory,
    })}\n`,
  );
}

buildIfStale(['server']);
for (const budget of args.budgets.split(',')) await run(budget.trim());
