import type { Db } from '@footfall/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { analyticsOf } from './support/analytics';
import { useTestApp } from './support/app';
import { ensureStreamingReplica } from './support/streaming-replica';
import { feed, ownerWithSite, send } from './support/test-site';

// DATABASE_READ_URL against a real streaming replica of the test server (support/streaming-replica.ts),
// made or reused here: the analytics answers come from the replica, everything a user just changed from
// the primary. Pausing the replica's replay makes the difference visible: while it is paused, the primary
// has rows the replica lacks. PostgreSQL only, on a machine with Debian's cluster tools.

const setup = await ensureStreamingReplica(process.env.TEST_DATABASE_URL);
if (!setup.ok) console.warn(`read replica tests skipped: ${setup.reason}`);
const replicaUrl = setup.ok ? setup.url : '';

/** `primaryUrl`'s database on the replica. */
function onReplica(primaryUrl: string): string {
  const url = new URL(primaryUrl);
  url.port = new URL(replicaUrl).port;
  return url.toString();
}

/** Waits until the replica has replayed the creation of a database and takes connections to it. */
async function untilReplicated(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Waits for `check` to pass, trying again every 50 ms for up to `withinMs`. */
async function eventually<T>(check: () => Promise<T>, withinMs = 15_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** node-postgres' drizzle, as `Db.orm` and `Db.reads` are on PostgreSQL. */
type Executes = { execute(query: ReturnType<typeof sql>): Promise<{ rows: unknown[] }> };
const execute = (orm: unknown, query: ReturnType<typeof sql>) => (orm as Executes).execute(query);
const first = async (orm: unknown, query: ReturnType<typeof sql>) => (await execute(orm, query)).rows[0];

describe.runIf(setup.ok)('analytics on a PostgreSQL read replica (DATABASE_READ_URL)', () => {
  let replicaAdmin: pg.Client;
  const t = useTestApp({ readReplica: { urlOf: onReplica, ready: untilReplicated } });

  beforeAll(async () => {
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await replicaAdmin.connect();
  });
  const pauseReplay = () => replicaAdmin.query('select pg_wal_replay_pause()');
  const resumeReplay = () => replicaAdmin.query('select pg_wal_replay_resume()');
  afterEach(async () => {
    await resumeReplay();
  });
  afterAll(async () => {
    await replicaAdmin?.end();
  });

  it('reads through a standby and writes through the primary, which a standby would refuse', async () => {
    const db: Db = t.app.db;
    expect(db.hasReadReplica).toBe(true);
    expect(await first(db.reads, sql`select pg_is_in_recovery() as standby`)).toEqual({ standby: true });
    expect(await first(db.orm, sql`select pg_is_in_recovery() as standby`)).toEqual({ standby: false });
    // Streaming and caught up, or nearly: others' commits keep arriving.
    expect(await db.readLagMs()).toBeLessThan(5_000);
    const refused = await execute(db.reads, sql`create table refused (id int)`).catch(
      (error: Error) => error,
    );
    // drizzle wraps the driver's error as its cause.
    expect(String((refused as Error).cause)).toMatch(
      /cannot execute CREATE TABLE in a read-only transaction/,
    );
    // A write through the app (a sign-up, a company's settings) lands.
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://replica.example' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { name: 'Renamed at once' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('answers the analytics from the replica: new events show once replayed, and what a user changes shows at once', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://replica.example' });
    await send(t.app, owner.trackingKey, 'https://replica.example/', {}, { ip: '10.77.0.1' });
    await eventually(async () =>
      expect((await analyticsOf(t.app, owner, 'period=today')).summary.visitors).toBe(1),
    );

    await pauseReplay();
    await send(t.app, owner.trackingKey, 'https://replica.example/pricing', {}, { ip: '10.77.0.2' });
    // The primary holds the second visitor; the analytics, read from the paused replica, do not yet.
    const { sessions } = t.app.db.schema;
    const stored = await t.app.db.orm
      .select()
      .from(sessions)
      .where(sql`${sessions.companyId} = ${owner.companyId}`);
    expect(stored).toHaveLength(2);
    expect((await analyticsOf(t.app, owner, 'period=today')).summary.visitors).toBe(1);

    // Read-your-writes paths read the primary, replica paused or not: the test page's feed of events,
    // a company's settings after saving, a goal just created, a new sign-in.
    expect((await feed(t.app, owner)).data.map((event) => event.pathname)).toContain('/pricing');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { name: 'Saved just now' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const company = await t.app.inject({ url: `/api/companies/${owner.companyId}`, headers: owner.auth });
    expect(company.json().data.name).toBe('Saved just now');
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/goals`,
      headers: owner.auth,
      payload: { name: 'Pricing', page_path: '/pricing' },
    });
    expect(goal.statusCode, goal.body).toBe(201);
    const goals = await t.app.inject({ url: `/api/companies/${owner.companyId}/goals`, headers: owner.auth });
    expect(goals.json().data.map((found: { name: string }) => found.name)).toEqual(['Pricing']);
    // Registering, verifying the address and signing in, each reading what the step before wrote.
    expect((await signedInUser(t.app, t.mailer)).token).toEqual(expect.any(String));

    await resumeReplay();
    await eventually(async () =>
      expect((await analyticsOf(t.app, owner, 'period=today')).summary.visitors).toBe(2),
    );
  });

  it("never keeps a day's rollup as final when it was built from a replica that had not replayed the day's last events", async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://replica.example' });
    const now = t.app.now().getTime();
    const dayEnd = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate() + 1,
    );
    const moveTo = (instant: number) => t.clock.advance(instant - t.app.now().getTime());
    const day = new Date(dayEnd - 1).toISOString().slice(0, 10);
    const theDay = `period=custom&from=${day}&to=${day}`;

    moveTo(dayEnd - 60_000);
    await send(t.app, owner.trackingKey, 'https://replica.example/', {}, { ip: '10.78.0.1' });
    await eventually(async () => expect((await analyticsOf(t.app, owner, theDay)).summary.visitors).toBe(1));

    await pauseReplay();
    // The day's last visitor, committed on the primary only.
    moveTo(dayEnd - 1_000);
    await send(t.app, owner.trackingKey, 'https://replica.example/', {}, { ip: '10.78.0.2' });
    // Just past the commit margin (5 s) after midnight, with the replica a second and more behind: the
    // day's rollup is built from the replica without the last visitor, and must not be taken for final.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await t.app.db.readLagMs()).toBeGreaterThanOrEqual(1_000);
    moveTo(dayEnd + 5_100);
    expect((await analyticsOf(t.app, owner, theDay)).summary.visitors).toBe(1);

    // Once replayed, and past the 5 s in which a fresh rollup stands, the day is built again, from all of it.
    await resumeReplay();
    moveTo(dayEnd + 11_000);
    await eventually(async () => expect((await analyticsOf(t.app, owner, theDay)).summary.visitors).toBe(2));
  });

  it('measures the replication lag: from a commit on the primary until the replica shows it', async () => {
    const primary = new pg.Client({ connectionString: t.config.databaseUrl });
    const replica = new pg.Client({ connectionString: onReplica(t.config.databaseUrl) });
    await Promise.all([primary.connect(), replica.connect()]);
    try {
      await primary.query('create table replication_probe (n int primary key)');
      await untilVisible(replica, "select 1 from pg_class where relname = 'replication_probe'");
      const samples: number[] = [];
      for (let n = 1; n <= 300; n += 1) {
        await primary.query('insert into replication_probe (n) values ($1)', [n]);
        const committed = performance.now();
        await untilVisible(replica, `select 1 from replication_probe where n = ${n}`);
        samples.push(performance.now() - committed);
      }
      samples.sort((a, b) => a - b);
      const at = (fraction: number) =>
        samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))] ?? 0;
      const figures = { samples: samples.length, median: at(0.5), p95: at(0.95), max: at(1) };
      console.log(
        `replication lag (ms): median ${figures.median.toFixed(2)}, p95 ${figures.p95.toFixed(2)}, max ${figures.max.toFixed(2)} over ${figures.samples} commits`,
      );
      // The replica follows within a second, and usually within milliseconds.
      expect(figures.median).toBeLessThan(1_000);
    } finally {
      await Promise.all([primary.end(), replica.end()]);
    }
  }, 180_000);
});

/** Polls the replica, as fast as it answers, until `query` returns a row. */
async function untilVisible(client: pg.Client, query: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await client.query(query)).rowCount) {
    if (Date.now() > deadline) throw new Error(`not replicated within 30 s: ${query}`);
  }
}
