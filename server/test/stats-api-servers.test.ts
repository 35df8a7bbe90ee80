import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { FLUSH_EVERY_MS } from '../src/plugins/stats-api';
import { RELOAD_AFTER_MS } from '../src/stats-api/api-quota';
import type { App } from '../src/types';
import { type ClusterServer, useCluster } from './support/cluster';
import { bearer, callStats, createKey, newOwner, type Owner } from './support/stats-api';

// The stats API's call counts on servers sharing one database: each server counts in memory and flushes
// every second, and reads a company's monthly count again every two seconds, so another server's calls
// reach its quota check within about three seconds; a server that stops flushes what it counted.

// Each file builds its servers on a new database, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const cluster = useCluster();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ownerOnPlan(server: ClusterServer, apiCallsQuota: number): Promise<Owner> {
  const { app } = server;
  const owner = await newOwner(app, server.mailer);
  const { plans, companies } = app.db.schema;
  const [plan] = await app.db.orm
    .insert(plans)
    .values({
      slug: `servers-${owner.companyId}`,
      name: 'Servers',
      priceCents: 0,
      currency: 'usd',
      interval: 'month',
      eventsQuota: 100,
      apiCallsQuota,
      retentionDays: 30,
    })
    .returning();
  if (!plan) throw new Error('no plan');
  await app.db.orm.update(companies).set({ planId: plan.id }).where(eq(companies.id, owner.companyId));
  return owner;
}

const statuses = async (app: App, owner: Owner, key: { secret: string }, calls: number) => {
  const answers: number[] = [];
  for (let i = 0; i < calls; i += 1)
    answers.push((await callStats(app, owner.companyId, bearer(key))).statusCode);
  return answers;
};

it.runIf(process.env.TEST_DATABASE_URL)(
  "a server's quota check sees another server's calls once flushed and read again",
  async () => {
    const { start } = await cluster();
    const [a, b] = [await start(), await start()];
    const owner = await ownerOnPlan(a, 10);
    const key = await createKey(a.app, owner);
    // B reads the company's count (1) and keeps it for a while.
    expect(await statuses(b.app, owner, key, 1)).toEqual([200]);
    expect(await statuses(a.app, owner, key, 5)).toEqual([200, 200, 200, 200, 200]);
    // Within the bound, B may still go by its own count; past it, B knows all six calls.
    await sleep(FLUSH_EVERY_MS + RELOAD_AFTER_MS + 500);
    expect(await statuses(b.app, owner, key, 5)).toEqual([200, 200, 200, 200, 429]);
    await sleep(FLUSH_EVERY_MS + RELOAD_AFTER_MS + 500);
    expect(await statuses(a.app, owner, key, 1)).toEqual([429]);
  },
);

it('calls counted on a server that stops are stored, and the other servers count them', async () => {
  const { start } = await cluster();
  const [a, b] = [await start(), await start()];
  const owner = await newOwner(a.app, a.mailer);
  const key = await createKey(a.app, owner);
  expect(await statuses(a.app, owner, key, 3)).toEqual([200, 200, 200]);
  await a.app.close();
  const usage = await b.app.inject({
    url: `/api/companies/${owner.companyId}/api-usage`,
    headers: owner.auth,
  });
  expect(usage.json()).toMatchObject({ totals: { calls: 3 } });
});
