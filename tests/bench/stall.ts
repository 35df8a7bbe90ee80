// `npm run bench:stall`: whether one heavy request holds the thread that answers every other one (docs/api.md
// "Limits that hold under attack"). Starts the built server, imports a site's history through the import
// endpoint, then asks for a filtered month with its comparison, while another loop asks `GET /api/health`
// every 25 ms and records how long each answer took. The same run is made with `ANALYTICS_WORKERS=0` (all
// work on the request thread, as before the workers) as the baseline. Last, today's detail before and
// after a goal whose page pattern a backtracking matcher took seconds over meets a pageview of 60 `a`s.
// One JSON line per phase on stdout.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { seededRandom } from '../../server/src/bootstrap/demo-traffic';
import { benchOwnerAuth, setBenchOwnerPassword } from './bench-owner';
import {
  type BenchDatabase,
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
    events: { type: 'string', default: '150000' },
    /** Comma-separated settings of ANALYTICS_WORKERS to compare; `0` is the request thread alone. */
    workers: { type: 'string', default: '0,2' },
    /** A PostgreSQL server URL: the bench makes a database of its own there. */
    database: { type: 'string' },
    detail: { type: 'string', default: 'period=30d&page=~p&compare=previous_period' },
  },
});

const EVENTS = Number(args.events);
/** The attack of docs/api.md "Limits that hold under attack": 8.2 s a detail with a backtracking matcher. */
const PATHOLOGICAL_GOAL = '/**a**a**a**a**a**a**b';
const PATHOLOGICAL_PATH = `/${'a'.repeat(60)}`;
const PASSWORD = 'bench stall password';
const DAY = 86_400_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** A site's month of history as import lines: pageviews of a few thousand pages by a third as many visitors. */
function history(now: number): string {
  const rng = seededRandom(7);
  const lines: string[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const ts = now - Math.floor(rng() * 30 * DAY) - 3_600_000;
    lines.push(
      JSON.stringify({
        timestamp: new Date(ts).toISOString(),
        visitor: `v${Math.floor((rng() * EVENTS) / 3)}`,
        type: 'pageview',
        url: `https://shop.example.com/products/${Math.floor(rng() * 3000)}`,
        user_agent: CHROME_UA,
      }),
    );
  }
  return lines.join('\n');
}

/** Asks for the health check every 25 ms until stopped; answers each answer's latency in ms. */
function probeHealth(url: string) {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${url}/api/health`);
      await answer.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { probes: sorted.length, health_max_ms: round(at(1)), health_p99_ms: round(at(0.99)) };
    },
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function during<T>(url: string, work: () => Promise<T>) {
  const probe = probeHealth(url);
  const started = performance.now();
  const result = await work();
  const seconds = round((performance.now() - started) / 1000);
  return { result, seconds, ...(await probe.stop()) };
}

async function measure(workers: string, body: string): Promise<void> {
  const db = args.database
    ? await createPostgresBenchDatabase(args.database, 1)
    : await createBenchDatabase(1);
  try {
    await setBenchOwnerPassword(db, PASSWORD);
    const server = await startFootfall({
      db,
      env: { ANALYTICS_WORKERS: workers, JWT_SECRET: randomBytes(32).toString('hex') },
    });
    try {
      const auth = await benchOwnerAuth(server.url, PASSWORD);
      const site = db.companies[0] as BenchDatabase['companies'][number];
      const idle = await during(server.url, () => new Promise((resolve) => setTimeout(resolve, 1_000)));
      log(`workers=${workers}: idle`);
      const imported = await during(server.url, async () => {
        const answer = await fetch(`${server.url}/api/companies/${site.id}/import`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-ndjson' },
          body,
        });
        return ((await answer.json()) as { data: { stored: number } }).data.stored;
      });
      log(`workers=${workers}: imported ${imported.result}`);
      const report = (phase: string, figures: Omit<typeof idle, 'result'>, extra = {}) =>
        process.stdout.write(
          `${JSON.stringify({ workers: Number(workers), phase, seconds: figures.seconds, health_max_ms: figures.health_max_ms, health_p99_ms: figures.health_p99_ms, probes: figures.probes, idle_health_max_ms: idle.health_max_ms, ...extra })}\n`,
        );
      report('import', imported, { events: imported.result });
      const detailOf = async (query: string) => {
        const answer = await fetch(`${server.url}/api/company-visitor-analytics-detail/${site.id}?${query}`, {
          headers: auth,
        });
        await answer.arrayBuffer();
        return answer.status;
      };
      for (const run of [1, 2, 3]) {
        const detail = await during(server.url, () => detailOf(args.detail));
        report(`detail ${run}`, detail, { status: detail.result, query: args.detail });
      }
      const pageview = await fetch(`${server.url}${INGEST_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA },
        body: JSON.stringify({
          company: site.trackingKey,
          type: 'pageview',
          url: `https://shop.example.com${PATHOLOGICAL_PATH}`,
        }),
      });
      if (pageview.status !== 202) throw new Error(`the pageview was answered ${pageview.status}`);
      const today = () => detailOf('period=today');
      await today();
      const plain = await during(server.url, today);
      report('today, no goal', plain, { status: plain.result });
      const goal = await fetch(`${server.url}/api/companies/${site.id}/goals`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Pathological', page_path: PATHOLOGICAL_GOAL }),
      });
      if (goal.status !== 201) throw new Error(`the goal was answered ${goal.status}`);
      for (const run of [1, 2, 3]) {
        const detail = await during(server.url, today);
        report(`today, pathological goal ${run}`, detail, { status: detail.result, goal: PATHOLOGICAL_GOAL });
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.remove();
  }
}

buildIfStale(['server']);
const body = history(Date.now());
for (const workers of args.workers.split(',')) await measure(workers.trim(), body);
