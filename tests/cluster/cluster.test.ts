// Footfall run as several servers on one PostgreSQL behind a load balancer must count exactly what one
// server counts. The same generated traffic is replayed twice, each time on a fresh database: once into one
// server, once through a round-robin proxy into three (one of them SIGKILLed midway and restarted), and the
// analytics of every site over several periods and filters, and every stored visit, must come out the same.
// Two smaller checks: a suspension made through one server is enforced by another within a second, and
// three servers started together on an empty database all come up.
//
// The servers' clock is virtual (virtual-clock.mjs): the test sets it before each tick of traffic, so three
// days with pauses of over 30 minutes replay in seconds and both runs store the same timestamps.
// PostgreSQL only (TEST_DATABASE_URL), as a cluster needs a database several processes share.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, type FootfallProcess, INGEST_PATH } from '../bench/footfall-server';
import { adminLogin, type CreatedSite, call, createSite, data } from './api';
import {
  createPostgresDatabase,
  type PostgresDatabase,
  type RoundRobinProxy,
  startClusterServer,
  startRoundRobinProxy,
  temporaryDir,
  VirtualClock,
} from './cluster';
import { differences, readDetails, readStoredEvents, type StoredEvents, visitDifferences } from './compare';
import { type ReplayResult, replay } from './replay';
import { generateStream, READ_AT, SITES, STREAM_START, type Tick } from './stream';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const STREAM = { seed: 20261031, visitorsPerSite: 120, botsPerSite: 6 };

/** Everything started by the test running now, undone after it whatever happened. */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // keep undoing the rest
    }
  }
});

function log(line: string): void {
  process.stderr.write(`[cluster] ${line}\n`);
}

async function freshDatabase(label: string): Promise<PostgresDatabase> {
  if (!ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createPostgresDatabase(ADMIN_URL, label);
  cleanups.push(() => database.drop());
  return database;
}

function freshDir(label: string): string {
  const { dir, remove } = temporaryDir(label);
  cleanups.push(remove);
  return dir;
}

function track(server: FootfallProcess): FootfallProcess {
  cleanups.push(() => server.kill().then(() => undefined));
  return server;
}

interface RunOutcome {
  replay: ReplayResult;
  sites: CreatedSite[];
  /** Per site, the analytics detail of each query. */
  details: Map<string, unknown>[];
  stored: StoredEvents[];
}

/**
 * One run of the stream on a fresh database: `servers` servers (behind the proxy when more than one); with
 * `killAt`, the second server is SIGKILLed before that tick, between two ticks, and started again a few ticks
 * later on its port while the traffic goes on. `onServing` is called once the servers are up and the sites made.
 */
async function runStream(
  label: string,
  ticks: Tick[],
  servers: number,
  killAt?: number,
  onServing?: () => void,
): Promise<RunOutcome> {
  const database = await freshDatabase(`proof_${label}`);
  const dir = freshDir(`proof-${label}`);
  const clock = new VirtualClock(dir, STREAM_START - 3_600_000);
  const start = (port?: number) =>
    startClusterServer({ database, dir, clock, ...(port !== undefined && { port }) }).then(track);
  // One after the other: started together on an empty database, servers fail today (the third test).
  const running: FootfallProcess[] = [];
  for (let index = 0; index < servers; index++) running.push(await start());
  let proxy: RoundRobinProxy | undefined;
  if (servers > 1) {
    proxy = await startRoundRobinProxy(() => running.map((server) => server.url));
    cleanups.push(() => proxy?.close());
  }
  const base = proxy?.url ?? (running[0] as FootfallProcess).url;

  const sites: CreatedSite[] = [];
  for (const [index, site] of SITES.entries()) sites.push(await createSite(base, database, site, index));
  onServing?.();

  let restarting: Promise<void> | undefined;
  const result = await replay({
    url: base,
    clock,
    ticks,
    trackingKeys: sites.map((site) => site.trackingKey),
    beforeTick: async (index) => {
      if (killAt === undefined) return;
      const victim = running[1] as FootfallProcess;
      if (index === killAt) {
        log(`${label}: SIGKILL of the server at ${victim.url} before tick ${index} of ${ticks.length}`);
        await victim.kill();
      }
      if (index === killAt + 5) {
        const port = Number(new URL(victim.url).port);
        restarting = start(port).then((server) => {
          running[1] = server;
          log(`${label}: the server at ${server.url} is back`);
        });
      }
    },
  });
  await restarting;
  log(
    `${label}: ${ticks.length} ticks replayed in ${result.seconds.toFixed(1)} s; retried past ${JSON.stringify(Object.fromEntries(result.retried))}; ${result.failed.length} never acknowledged${proxy ? `; forwarded ${JSON.stringify(Object.fromEntries(proxy.forwarded))}` : ''}`,
  );

  await clock.set(READ_AT);
  const reading = performance.now();
  const details: Map<string, unknown>[] = [];
  const stored: StoredEvents[] = [];
  for (const [index, site] of sites.entries()) {
    const host = new URL(SITES[index]?.website ?? '').host;
    details.push(await readDetails(base, site, host));
    stored.push(await readStoredEvents(base, site));
  }
  log(`${label}: analytics and exports read in ${((performance.now() - reading) / 1000).toFixed(1)} s`);
  return { replay: result, sites, details, stored };
}

/** What must hold within one run: every acknowledged event stored, bots and orphan pings not. */
function storageProblems(label: string, run: RunOutcome): string[] {
  const problems: string[] = [];
  for (const { request, answers } of run.replay.failed.slice(0, 5)) {
    problems.push(
      `${label}: a ${request.type} of visitor ${request.visitor} was never acknowledged: ${answers.join(', ')}`,
    );
  }
  if (run.replay.failed.length > 5)
    problems.push(`${label}: … ${run.replay.failed.length} requests never acknowledged`);
  run.sites.forEach((_site, index) => {
    const acknowledged = run.replay.acknowledged.get(index) ?? new Map<string, number>();
    const stored = run.stored[index]?.byType ?? new Map<string, number>();
    for (const type of ['pageview', 'event', 'engagement']) {
      const expected = acknowledged.get(type) ?? 0;
      const found = stored.get(type) ?? 0;
      if (found !== expected) {
        problems.push(
          `${label}: ${SITES[index]?.name}: ${found} ${type} events stored, ${expected} acknowledged (bots and ${acknowledged.get('orphan') ?? 0} pings without a visit not counted)`,
        );
      }
    }
  });
  return problems;
}

describe.skipIf(!ADMIN_URL)('three servers on one PostgreSQL', () => {
  beforeAll(() => buildIfStale(), 120_000);

  it('count exactly what one server counts, through a kill and restart of one of them', async () => {
    const ticks = generateStream(STREAM);
    log(
      `stream: ${ticks.length} ticks, ${ticks.reduce((sum, tick) => sum + tick.requests.length, 0)} requests`,
    );
    // Side by side (each run has its own database, clock and servers, and mostly waits on commits), the
    // three servers starting once the one is up and serving, so that the starts do not crowd each other.
    let singleReady = () => {};
    const ready = new Promise<void>((resolve) => {
      singleReady = resolve;
    });
    const [single, cluster] = await Promise.all([
      runStream('single', ticks, 1, undefined, singleReady),
      ready.then(() => runStream('cluster', ticks, 3, Math.floor(ticks.length * 0.45))),
    ]);

    const problems = [...storageProblems('one server', single), ...storageProblems('three servers', cluster)];
    single.sites.forEach((site, index) => {
      const name = SITES[index]?.name ?? `site ${index}`;
      for (const [query, detail] of single.details[index] ?? []) {
        const found = differences(detail, cluster.details[index]?.get(query), '', [], 6);
        if (found.length > 0) problems.push(`${name} ${query}:\n    ${found.join('\n    ')}`);
      }
      const visits = visitDifferences(
        single.stored[index]?.visits ?? [],
        cluster.stored[index]?.visits ?? [],
      );
      if (visits.length > 0) problems.push(`${name} (site ${site.id}) ${visits.join('\n')}`);
    });
    if (problems.length > 0) log(`differences:\n${problems.join('\n')}`);
    // The whole list is in the log above; the assertion shows the first few.
    expect(
      problems.slice(0, 8),
      `${problems.length} differences between the runs (all of them above)`,
    ).toEqual([]);
  }, 240_000);

  it("refuse a suspended company's tracking on every server within a second of the suspension", async () => {
    const database = await freshDatabase('proof_suspend');
    const dir = freshDir('proof-suspend');
    const serverA = track(await startClusterServer({ database, dir }));
    const serverB = track(await startClusterServer({ database, dir }));
    const site = await createSite(serverA.url, database, SITES[0] as (typeof SITES)[number], 0);
    const track1 = () =>
      fetch(serverB.url + INGEST_PATH, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
          'x-forwarded-for': '81.2.69.160',
        },
        body: JSON.stringify({ company: site.trackingKey, type: 'pageview', url: 'https://alpha.example/' }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    // Server B has the company in its caches, as a busy server has.
    expect(await track1()).toBe(202);

    const token = await adminLogin(serverA.url);
    await data(serverA.url, 'PATCH', `/api/admin/companies/${site.id}`, { token, body: { suspended: true } });
    const suspended = performance.now();
    let refusedAfter: number | undefined;
    // Polled every 50 ms for a second; on failure a while longer, only to tell how long it takes.
    while (performance.now() - suspended < 15_000) {
      if ((await track1()) === 403) {
        refusedAfter = performance.now() - suspended;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    log(
      `suspension: server B refused the company's tracking after ${refusedAfter === undefined ? 'more than 15 s' : `${Math.round(refusedAfter)} ms`}`,
    );
    expect(refusedAfter, "ms until server B refused the suspended company's events").toBeLessThanOrEqual(
      1_000,
    );
  }, 60_000);

  it('all come up when started together on an empty database', async () => {
    const database = await freshDatabase('proof_empty');
    const dir = freshDir('proof-empty');
    const started = await Promise.allSettled([0, 1, 2].map(() => startClusterServer({ database, dir })));
    const failures: string[] = [];
    for (const [index, outcome] of started.entries()) {
      if (outcome.status === 'fulfilled') track(outcome.value);
      else failures.push(`server ${index + 1}: ${String((outcome.reason as Error).message).slice(0, 600)}`);
    }
    if (failures.length > 0) log(`start on an empty database:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    // And they serve: each answers a sign-in of the admin they were all told to create.
    for (const outcome of started) {
      if (outcome.status === 'fulfilled')
        expect((await call(outcome.value.url, 'GET', '/api/health')).status).toBe(200);
    }
    for (const outcome of started) {
      if (outcome.status === 'fulfilled') await adminLogin(outcome.value.url);
    }
  }, 90_000);
});
