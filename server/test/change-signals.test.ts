import { pgOrmOf } from '@footfall/db';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { signedInAdmin } from './support/admins';
import { type ClusterServer, eventually, useCluster } from './support/cluster';
import { bearer, callStats, createKey, newOwner } from './support/stats-api';
import { pageview, track } from './support/tracking';

// A change made through one server reaches the caches of every other server sharing the database: on
// PostgreSQL through LISTEN/NOTIFY, within a second (here, within a few milliseconds); on SQLite there is
// one server, but two apps on one file still pass when given the time to their caches' TTLs, so these
// tests run on PostgreSQL only.

// Each file builds its servers on a new database, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const cluster = useCluster('file');
let servers: Promise<{ a: ClusterServer; b: ClusterServer }> | undefined;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const URL = 'https://shop.example/';

/** Two servers (the same for every test); a new company whose owner signed in on A; an admin on A. */
async function twoServers() {
  servers ??= cluster().then(async ({ start }) => ({ a: await start(), b: await start() }));
  const { a, b } = await servers;
  const owner = await newOwner(a.app, a.mailer);
  const admin = await signedInAdmin(a.app);
  const company = await a.app.repos.companies.findById(owner.companyId);
  if (!company) throw new Error('the company vanished');
  const patchCompany = (payload: object) =>
    a.app.inject({ method: 'PATCH', url: `/api/companies/${company.id}`, headers: owner.auth, payload });
  return { a, b, owner, admin, company, patchCompany };
}

it.runIf(onPostgres)('suspending a company through A refuses its events on B within a second', async () => {
  const { a, b, admin, company } = await twoServers();
  // Warms B's company cache, which a TTL alone would keep for ten seconds.
  expect((await track(b.app, pageview(company, URL))).statusCode).toBe(202);
  const suspended = await a.app.inject({
    method: 'PATCH',
    url: `/api/admin/companies/${company.id}`,
    headers: admin.auth,
    payload: { suspended: true },
  });
  expect(suspended.statusCode).toBe(200);
  // A applied it itself, without waiting for its own notification.
  expect((await track(a.app, pageview(company, URL))).statusCode).toBe(403);
  await eventually(async () => (await track(b.app, pageview(company, URL))).statusCode === 403);
});

it.runIf(onPostgres)(
  'public stats turned off and domains changed through A hold on B within a second',
  async () => {
    const { b, company, patchCompany } = await twoServers();
    expect((await patchCompany({ public_stats: true })).statusCode).toBe(200);
    const widget = () => b.app.inject({ url: `/api/public/companies/${company.trackingKey}/stats` });
    expect((await widget()).statusCode).toBe(200);
    expect((await track(b.app, pageview(company, 'https://other.example/'))).statusCode).toBe(202);

    expect((await patchCompany({ public_stats: false, domains: ['shop.example'] })).statusCode).toBe(200);
    await eventually(async () => (await widget()).statusCode === 404);
    await eventually(
      async () => (await track(b.app, pageview(company, 'https://other.example/'))).statusCode === 403,
    );
    expect((await track(b.app, pageview(company, URL))).statusCode).toBe(202);
  },
);

it.runIf(onPostgres)("a plan change and a plan's new terms through A hold on B within a second", async () => {
  const { a, b, admin, company } = await twoServers();
  const starter = await a.app.repos.plans.findBySlug('starter');
  if (!starter) throw new Error('no starter plan');
  await a.app.repos.plans.update(starter.id, { eventsQuota: 1 }, a.app.now());
  a.app.plansChanged();
  expect((await track(b.app, pageview(company, URL))).statusCode).toBe(202);
  const moved = await a.app.inject({
    method: 'PUT',
    url: `/api/admin/companies/${company.id}/plan`,
    headers: admin.auth,
    payload: { plan_id: starter.id },
  });
  expect(moved.statusCode).toBe(200);
  await eventually(async () => (await track(b.app, pageview(company, URL))).statusCode === 429);

  await a.app.repos.plans.update(starter.id, { eventsQuota: 1_000 }, a.app.now());
  a.app.plansChanged();
  await eventually(async () => (await track(b.app, pageview(company, URL))).statusCode === 202);
});

it.runIf(onPostgres)('an API key revoked through A is refused by B within a second', async () => {
  const { a, b, owner } = await twoServers();
  const key = await createKey(a.app, owner);
  expect((await callStats(b.app, owner.companyId, bearer(key))).statusCode).toBe(200);
  const revoked = await a.app.inject({
    method: 'DELETE',
    url: `/api/companies/${owner.companyId}/api-keys/${key.id}`,
    headers: owner.auth,
  });
  expect(revoked.statusCode).toBe(204);
  await eventually(async () => (await callStats(b.app, owner.companyId, bearer(key))).statusCode === 401);
});

it.runIf(onPostgres)('a company deleted through A is unknown to B within a second', async () => {
  const { a, b, owner, company } = await twoServers();
  expect((await track(b.app, pageview(company, URL))).statusCode).toBe(202);
  const deleted = await a.app.inject({
    method: 'DELETE',
    url: `/api/companies/${company.id}`,
    headers: owner.auth,
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  await eventually(async () => (await track(b.app, pageview(company, URL))).statusCode === 404);
});

it.runIf(onPostgres)(
  'a server whose listening connection was cut listens again and forgets its caches',
  async () => {
    const { a, b, admin, company } = await twoServers();
    expect((await track(b.app, pageview(company, URL))).statusCode).toBe(202);
    // Cut the listening connections (A's and B's): B misses what is sent until it is back.
    await pgOrmOf(b.app.db).execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    // A suspension sent meanwhile may be missed, but B forgets its caches once it listens again.
    await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${company.id}`,
      headers: admin.auth,
      payload: { suspended: true },
    });
    await eventually(async () => (await track(b.app, pageview(company, URL))).statusCode === 403, 3_000);
    // And it hears signals again.
    await a.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${company.id}`,
      headers: admin.auth,
      payload: { suspended: false },
    });
    await eventually(async () => (await track(b.app, pageview(company, URL))).statusCode === 202);
  },
);
