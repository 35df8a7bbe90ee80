// `npm run bench:realtime`: what one open realtime view costs the server (docs/api.md "Realtime"). Starts the
// built server, imports a site's last 30 minutes of traffic (`--events`, comma-separated sizes), then asks for
// the realtime view `--requests` times one after another, reading the server process's CPU time (all its
// threads, analytics workers included) from /proc before and after. The baseline, measured in the same run,
// is the request the current-visitors counter makes every 30 s (the detail of today, one row a list). One
// JSON line per size and request on stdout: milliseconds of CPU and of wall time per request, and what one
// open view costs a minute at its refresh rate.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { REALTIME_REFRESH_MS } from '@footfall/contract/constants';
import { seededRandom } from '../../server/src/bootstrap/demo-traffic';
import { benchOwnerAuth, setBenchOwnerPassword } from './bench-owner';
import { buildIfStale, CHROME_UA, createBenchDatabase, runBench, startFootfall } from './footfall-server';

const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    events: { type: 'string', default: '0,2000,20000' },
    requests: { type: 'string', default: '200' },
  },
});

const PASSWORD = 'bench realtime password';
const MINUTE = 60_000;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** `count` pageviews and a few custom events over the last 30 minutes, by a third as many visitors. */
function lastHalfHour(count: number, now: number): string {
  const rng = seededRandom(11);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    lines.push(
      JSON.stringify({
        timestamp: new Date(now - 1_000 - Math.floor(rng() * 29 * MINUTE)).toISOString(),
        visitor: `v${Math.floor((rng() * count) / 3)}`,
        type: i % 20 === 0 ? 'event' : 'pageview',
        ...(i % 20 === 0 && { name: `Event ${i % 7}` }),
        url: `https://shop.example.com/products/${Math.floor(rng() * 500)}`,
        referrer: i % 3 === 0 ? 'https://www.google.com/' : undefined,
        user_agent: CHROME_UA,
      }),
    );
  }
  return lines.join('\n');
}

/** The process's CPU time so far, user and system, in milliseconds (Linux: /proc/PID/stat, in ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(events: number, requests: number): Promise<void> {
  const db = await createBenchDatabase(1);
  try {
    await setBenchOwnerPassword(db, PASSWORD);
    const server = await startFootfall({ db, env: { JWT_SECRET: randomBytes(32).toString('hex') } });
    try {
      const auth = await benchOwnerAuth(server.url, PASSWORD);
      const companyId = db.companies[0]?.id;
      if (events > 0) {
        const imported = await fetch(`${server.url}/api/companies/${companyId}/import`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-ndjson' },
          body: lastHalfHour(events, Date.now()),
        });
        const { stored } = ((await imported.json()) as { data: { stored: number } }).data;
        log(`events=${events}: imported ${stored}`);
      }
      const pid = server.child.pid as number;
      const targets = [
        {
          request: 'realtime',
          path: `/api/company-visitor-analytics-realtime/${companyId}`,
          everyMs: REALTIME_REFRESH_MS,
        },
        {
          request: 'counter (baseline)',
          path: `/api/company-visitor-analytics-detail/${companyId}?period=today&limit=1`,
          everyMs: 30_000,
        },
      ];
      for (const { request, path, everyMs } of targets) {
        const ask = async () => {
          const answer = await fetch(`${server.url}${path}`, { headers: auth });
          await answer.arrayBuffer();
          if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
        };
        for (let i = 0; i < 10; i++) await ask();
        const cpuBefore = cpuMs(pid);
        const started = performance.now();
        for (let i = 0; i < requests; i++) await ask();
        const wallMs = (performance.now() - started) / requests;
        const cpu = (cpuMs(pid) - cpuBefore) / requests;
        const perMinute = MINUTE / everyMs;
        process.stdout.write(
          `${JSON.stringify({
            events,
            request,
            requests,
            cpu_ms_per_request: Math.round(cpu * 100) / 100,
            wall_ms_per_request: Math.round(wallMs * 100) / 100,
            requests_per_minute_per_view: perMinute,
            cpu_ms_per_minute_per_view: Math.round(cpu * perMinute * 10) / 10,
          })}\n`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.remove();
  }
}

runBench('bench:realtime', async () => {
  buildIfStale(['server']);
  for (const events of args.events.split(',').map(Number)) await measure(events, Number(args.requests));
  return 0;
});
