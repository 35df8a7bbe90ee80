// Durability of ingestion (docs/api.md "Ingestion": "acknowledged means committed: a crash right after a 202 loses
// nothing"). Concurrent clients send events with unique markers to the built server; the server is
// SIGKILLed mid-load, restarted on the same SQLite file, and every event that got a 202 must be there.
// Rounds of load, kill and restart repeat until CRASH_TEST_SECONDS (default 4) have passed, three at least.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BenchDatabase,
  buildIfStale,
  CHROME_UA,
  createBenchDatabase,
  type FootfallProcess,
  INGEST_PATH,
  openReadOnly,
  startFootfall,
} from '../bench/footfall-server';

const SECONDS = Number(process.env.CRASH_TEST_SECONDS ?? 4);
const MIN_ROUNDS = 3;
const CLIENTS = 32;
const HOST = 'https://shop.example.com';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Load {
  /** Markers (page paths) of the events answered 202. */
  acknowledged: string[];
  /** Requests sent and not yet answered. */
  inFlight: number;
  /** Answers other than 202, by status. */
  refused: Map<number, number>;
  stop(): Promise<void>;
}

function event(trackingKey: string, marker: string) {
  return { company: trackingKey, type: 'pageview', url: HOST + marker, referrer: 'https://www.google.com/' };
}

/**
 * `CLIENTS` loops, each sending one request at a time: alternately one event and a batch of up to 40, so
 * that the server is saturated and has several requests on hand in each turn of its event loop. Every event
 * carries a unique path; the paths of a 202's events are recorded as acknowledged.
 */
function startLoad(server: FootfallProcess, trackingKey: string, round: number): Load {
  const load: Load = { acknowledged: [], inFlight: 0, refused: new Map(), stop: async () => {} };
  let stopped = false;
  const client = async (id: number) => {
    for (let seq = 0; !stopped; seq++) {
      const size = seq % 2 === 1 ? 1 + ((seq * 7 + id) % 40) : 1;
      const markers = Array.from({ length: size }, (_, i) => `/crash/r${round}/c${id}/${seq}-${i}`);
      const events = markers.map((marker) => event(trackingKey, marker));
      load.inFlight++;
      try {
        const response = await fetch(server.url + INGEST_PATH, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME_UA },
          body: JSON.stringify(size === 1 ? events[0] : events),
        });
        // The status line is the acknowledgement (a 202 has no body).
        if (response.status === 202) load.acknowledged.push(...markers);
        else load.refused.set(response.status, (load.refused.get(response.status) ?? 0) + 1);
        await response.arrayBuffer();
      } catch {
        // The server died with this request in flight: it may or may not have been stored.
        return;
      } finally {
        load.inFlight--;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, id) => client(id));
  load.stop = async () => {
    stopped = true;
    await Promise.all(clients);
  };
  return load;
}

/** The page paths stored for the company, with how many times each is there. */
function storedMarkers(db: BenchDatabase, companyId: number): Map<string, number> {
  const client = openReadOnly(db);
  try {
    const rows = client
      .prepare("select pathname from events where company_id = ? and pathname like '/crash/%'")
      .all(companyId) as { pathname: string }[];
    const counts = new Map<string, number>();
    for (const { pathname } of rows) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    return counts;
  } finally {
    client.close();
  }
}

function expectAllStored(db: BenchDatabase, companyId: number, acknowledged: string[]): void {
  const stored = storedMarkers(db, companyId);
  const lost = acknowledged.filter((marker) => !stored.has(marker));
  expect(lost, `${lost.length} of ${acknowledged.length} acknowledged events are missing`).toEqual([]);
  const doubled = [...stored].filter(([, count]) => count > 1).map(([marker]) => marker);
  expect(doubled, 'events stored twice').toEqual([]);
}

describe('ingestion durability', () => {
  let db: BenchDatabase;
  let server: FootfallProcess | undefined;

  beforeAll(async () => {
    buildIfStale();
    db = await createBenchDatabase(1);
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    db?.remove();
  });

  it(
    'keeps every event it answered 202 when the server is killed mid-load, and restarts cleanly to accept more',
    async () => {
      const company = db.companies[0];
      if (!company) throw new Error('no company');
      const acknowledged: string[] = [];
      const started = performance.now();
      server = await startFootfall({ db });

      for (let round = 1; round <= MIN_ROUNDS || performance.now() - started < SECONDS * 1000; round++) {
        const load = startLoad(server, company.trackingKey, round);
        // Kill at a different moment of each round, while requests are in flight. SIGSTOP first freezes
        // the server at that instant; the pause lets the clients read every answer it had already sent
        // (a SIGKILL alone can reset a connection before its last answer is read), then SIGKILL ends it
        // exactly where it stood, as a crash would.
        await sleep(250 + Math.random() * 500);
        server.child.kill('SIGSTOP');
        await sleep(100);
        const inFlightAtKill = load.inFlight;
        expect(await server.kill()).toBe('SIGKILL');
        await load.stop();
        acknowledged.push(...load.acknowledged);
        expect(
          load.acknowledged.length,
          `round ${round}: events acknowledged before the kill`,
        ).toBeGreaterThan(0);
        expect(inFlightAtKill, `round ${round}: requests in flight at the kill`).toBeGreaterThan(0);
        expect(Object.fromEntries(load.refused), `round ${round}: answers other than 202`).toEqual({});

        // Restarting on the same file must succeed (startFootfall waits for /api/health to answer 200).
        server = await startFootfall({ db });
        expectAllStored(db, company.id, acknowledged);
      }

      // The restarted server keeps accepting events and stores them.
      const response = await fetch(server.url + INGEST_PATH, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA },
        body: JSON.stringify(event(company.trackingKey, '/crash/after-restart')),
      });
      expect(response.status).toBe(202);
      acknowledged.push('/crash/after-restart');
      expect(await server.stop()).toBe(0);
      server = undefined;
      expectAllStored(db, company.id, acknowledged);
    },
    60_000 + SECONDS * 2_000,
  );
});
