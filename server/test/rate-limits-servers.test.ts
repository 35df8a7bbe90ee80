import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { USAGE_RELOAD_MS } from '../src/plugins/ingestion';
import { SHARE_EVERY_MS } from '../src/rate-limit/shared-windows';
import type { App } from '../src/types';
import { newIp } from './support/app';
import { useCluster } from './support/cluster';
import { createTrackedCompany, pageview, track } from './support/tracking';

// Limits that hold across servers sharing one PostgreSQL database: an address that spreads its requests
// over two servers is refused after the limit in total, not after twice the limit.

// Each file builds its servers on a new database, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
const cluster = useCluster('file');
let servers: Promise<{ a: App; b: App; clock: { advance(ms: number): void; now(): Date } }> | undefined;
const INGEST_LIMIT = 20;

function twoServers() {
  servers ??= cluster().then(async ({ start, clock }) => {
    const env = { INGEST_IP_LIMIT: String(INGEST_LIMIT) };
    return { a: (await start(env)).app, b: (await start(env)).app, clock };
  });
  return servers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(process.env.TEST_DATABASE_URL)('on two servers sharing PostgreSQL', () => {
  it("ingestion's per-IP limit holds in total, within the documented overshoot", async () => {
    const { a, b, clock } = await twoServers();
    const company = await createTrackedCompany(a);
    // One-minute windows are aligned to the clock: start just after one opens, so the test stays in it.
    const now = clock.now().getTime();
    clock.advance(60_000 - (now % 60_000) + 1_000);
    const ip = newIp();
    const PACE_MS = 50;
    const answers: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const server = i % 2 === 0 ? a : b;
      answers.push((await track(server, pageview(company, `https://shop.example/${i}`), { ip })).statusCode);
      await sleep(PACE_MS);
    }
    const accepted = answers.filter((status) => status === 202).length;
    // Each server admits unseen by the other at most what it takes in about two flush intervals.
    const perServerPerSecond = 1_000 / PACE_MS / 2;
    const overshoot = Math.ceil(((2 * SHARE_EVERY_MS) / 1_000) * perServerPerSecond);
    expect(accepted).toBeGreaterThanOrEqual(INGEST_LIMIT);
    expect(accepted).toBeLessThanOrEqual(INGEST_LIMIT + overshoot);
    expect(answers.slice(-20).every((status) => status === 429)).toBe(true);
    expect(answers.filter((status) => status !== 202 && status !== 429)).toEqual([]);
  });

  it("a company's monthly events quota holds across servers once each reads the count again", async () => {
    const { a, b } = await twoServers();
    const company = await createTrackedCompany(a);
    const starter = await a.repos.plans.findBySlug('starter');
    if (!starter) throw new Error('no starter plan');
    const { plans, companies } = a.db.schema;
    const [plan] = await a.db.orm
      .insert(plans)
      .values({ ...starter, id: undefined, slug: `ten-${company.id}`, eventsQuota: 10 })
      .returning();
    if (!plan) throw new Error('no plan');
    await a.db.orm.update(companies).set({ planId: plan.id }).where(eq(companies.id, company.id));
    a.companyChanged(company.id);
    const send = (app: App) => track(app, pageview(company, 'https://shop.example/'));
    expect((await send(b)).statusCode).toBe(202);
    for (let i = 0; i < 9; i += 1) expect((await send(a)).statusCode).toBe(202);
    expect((await send(a)).statusCode).toBe(429);
    // B counted one event; it reads the month's count again within USAGE_RELOAD_MS.
    await sleep(USAGE_RELOAD_MS + SHARE_EVERY_MS + 500);
    expect((await send(b)).statusCode).toBe(429);
  });

  it('wrong passwords count across servers: the sixth is refused on either', async () => {
    const { a, b } = await twoServers();
    const ip = newIp();
    const email = `nobody-${Date.now()}@example.com`;
    const login = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'wrong password' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i += 1) expect((await login(i % 2 === 0 ? a : b)).statusCode).toBe(422);
    expect((await login(a)).statusCode).toBe(429);
    expect((await login(b)).statusCode).toBe(429);
  });

  it('verification mails count across servers: the seventh request is refused on either', async () => {
    const { a, b } = await twoServers();
    const email = `nobody-mail-${Date.now()}@example.com`;
    const resend = (app: App) =>
      app.inject({
        method: 'POST',
        url: `/api/email/resend?email=${encodeURIComponent(email)}`,
        remoteAddress: newIp(),
      });
    for (let i = 0; i < 6; i += 1) expect((await resend(i % 2 === 0 ? a : b)).statusCode).toBe(200);
    expect((await resend(b)).statusCode).toBe(429);
    expect((await resend(a)).statusCode).toBe(429);
  });
});
