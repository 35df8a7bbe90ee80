// The load of the ingestion benchmark: what autocannon sends, the warm-up, and the measured turns of
// fixed request counts, with their tallies. The same for the real server and the bare route.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { CHROME_UA, INGEST_PATH } from './footfall-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the tracker sends for a pageview: a search referrer, a campaign URL and the viewport width (the
 * language comes from the Accept-Language header below).
 */
export function pageviewBody(trackingKey: string): string {
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
export class Tally {
  ok = 0;
  non2xx = 0;
  errors = 0;
  seconds = 0;
  /** Latency of every answer, in ms. */
  latencies: number[] = [];
  /** Answers a second in the last segment (or the warm-up), to size the next one. */
  rate = 0;
  /** CPU seconds (user and system) the server process spent in the measured segments. */
  cpuSeconds = 0;

  get rps(): number {
    return this.ok / this.seconds;
  }

  /** The server's CPU time per answered request, in µs. */
  get cpuMicrosPerRequest(): number {
    return (this.cpuSeconds * 1e6) / this.ok;
  }

  p99(): number {
    return quantile(this.latencies, 0.99);
  }
}

/** The `q` quantile (0–1) of the values, nearest rank; 0 when there are none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] ?? 0;
}

/** How the servers are loaded: the same for both. */
export interface LoadShape {
  /** Concurrent keep-alive connections, one request at a time on each. */
  connections: number;
  /** Addresses the requests come from in turn (`X-Forwarded-For`); 1 sends one prepared request. */
  visitors: number;
  log(line: string): void;
}

/**
 * What autocannon sends: the one request, or with several visitors the same request from each address in
 * turn (`X-Forwarded-For`, which the Footfall server then trusts), so that visitors and visits are many.
 */
function target({ connections, visitors }: LoadShape, url: string, body: string) {
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

/** Clock ticks per second of `/proc/PID/stat` (USER_HZ): 100 on every Linux that Node supports. */
const USER_HZ = 100;

/**
 * CPU seconds (user + system) that process `pid` has used so far, from `/proc/PID/stat`; NaN where there
 * is no procfs. The ratio of rates suffers from whatever else runs on a shared machine; the CPU each
 * server spends per request does much less, so it is reported beside it.
 */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return Number.NaN;
  }
}

/** Loads `url` for `seconds`, ignoring the figures except the rate of the second half (JIT mostly done). */
export async function warmUp(
  shape: LoadShape,
  url: string,
  body: string,
  seconds: number,
  tally: Tally,
): Promise<void> {
  const half = performance.now() + (seconds * 1000) / 2;
  let answers = 0;
  let last = half;
  const run = autocannon({ ...target(shape, url, body), duration: seconds });
  run.on('response', () => {
    const now = performance.now();
    if (now < half) return;
    answers++;
    last = now;
  });
  const result = await run;
  tally.rate = last > half ? answers / ((last - half) / 1000) : result.requests.average;
  shape.log(
    `  warm-up: ${Math.round(result.requests.average)}/s, ${Math.round(tally.rate)}/s in its second half`,
  );
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
export async function segment(
  shape: LoadShape,
  url: string,
  body: string,
  seconds: number,
  tally: Tally,
  pid?: number,
): Promise<void> {
  const cpuBefore = cpuSecondsOf(pid);
  let spent = 0;
  let ok = 0;
  while (seconds - spent > 0.2) {
    const chunk = Math.min(CHUNK_SECONDS, seconds - spent);
    const amount = Math.max(shape.connections * 10, Math.round(tally.rate * chunk));
    const started = performance.now();
    let last = started;
    const run = autocannon({ ...target(shape, url, body), amount });
    run.on('response', (_client: unknown, _status: number, _bytes: number, latency: number) => {
      last = performance.now();
      tally.latencies.push(latency);
    });
    const result = await run;
    const elapsed = (last - started) / 1000;
    const answered = result.statusCodeStats['202']?.count ?? 0;
    // A run without one answer uses no time: the turn would never end (a server that stopped, for one).
    if (answered === 0) {
      throw new Error(
        `${url} answered none of ${amount} requests (${result.non2xx} non-2xx, ${result.errors} errors)`,
      );
    }
    ok += answered;
    spent += elapsed;
    tally.non2xx += result.non2xx;
    tally.errors += result.errors;
    if (answered > 0) tally.rate = answered / elapsed;
  }
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  tally.ok += ok;
  tally.seconds += spent;
  tally.cpuSeconds += cpu;
  shape.log(
    `  ${ok} × 202 in ${spent.toFixed(2)} s → ${Math.round(ok / spent)}/s, ` +
      `server CPU ${cpu.toFixed(2)} s → ${((cpu * 1e6) / ok).toFixed(1)} µs a request`,
  );
}
