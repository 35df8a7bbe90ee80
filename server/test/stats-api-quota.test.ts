import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, newOwner, type Owner, STATS } from './support/stats-api';

const QUOTA_USED = { message: "The company's monthly stats API quota is used up; upgrade the plan." };

const t = useTestApp();
let plans = 0;

/** Moves the app's clock so that it reads `iso` now (tests here only move it forward). */
function setNow(iso: string): void {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

/** An owner whose company is on a plan allowing `apiCallsQuota` stats-API calls a month. */
async function ownerOnPlan(apiCallsQuota: number, timezone = 'UTC'): Promise<Owner> {
  const owner = await newOwner(t.app, t.mailer, { timezone });
  plans += 1;
  const { plans: planTable, companies } = t.app.db.schema;
  const [plan] = await t.app.db.orm
    .insert(planTable)
    .values({
      slug: `tiny-${plans}`,
      name: 'Tiny',
      priceCents: 0,
      currency: 'usd',
      interval: 'month',
      eventsQuota: 100,
      apiCallsQuota,
      retentionDays: 30,
    })
    .returning();
  if (!plan) throw new Error('no plan');
  await t.app.db.orm.update(companies).set({ planId: plan.id }).where(eq(companies.id, owner.companyId));
  return owner;
}

const report = async (owner: Owner, query = '') =>
  (
    await t.app.inject({ url: `/api/companies/${owner.companyId}/api-usage${query}`, headers: owner.auth })
  ).json<{
    data: { date: string; count: number }[];
    totals: { calls: number };
  }>();

describe('the monthly stats API quota', () => {
  it("refuses calls past the plan's quota with 429 and Retry-After until the company's next month", async () => {
    setNow('2027-01-31T14:00:00Z'); // 23:00 on January 31st in Tokyo
    const owner = await ownerOnPlan(3, 'Asia/Tokyo');
    const key = await createKey(t.app, owner);
    for (let i = 0; i < 3; i++) {
      expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).not.toBe(429);
    }
    const refused = await callStats(t.app, owner.companyId, bearer(key));
    expectJson(refused, 429, QUOTA_USED);
    // The clock runs on while requests take their time (seconds on a loaded machine): within a few seconds.
    const wait = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);
    expect(wait(refused)).toBeGreaterThan(3590);
    expect(wait(refused)).toBeLessThanOrEqual(3600);
    expect(refused.headers['set-cookie']).toBeUndefined();
    t.clock.advance(1_800_000);
    const later = wait(await callStats(t.app, owner.companyId, bearer(key)));
    expect(later).toBeGreaterThan(1790);
    expect(later).toBeLessThanOrEqual(1800);
    expect(await report(owner, '?from=2027-01-31&to=2027-01-31')).toEqual({
      data: [{ date: '2027-01-31', endpoint: STATS, count: 3 }],
      totals: { calls: 3, by_endpoint: { [STATS]: 3 } },
    });

    t.clock.advance(1_800_000); // midnight in Tokyo: February
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).not.toBe(429);
    expect((await report(owner, '?from=2027-02-01&to=2027-02-01')).totals.calls).toBe(1);
  });

  it('counts the calls already stored this month, and not those of earlier months', async () => {
    setNow('2027-03-15T12:00:00Z');
    const owner = await ownerOnPlan(5);
    await t.app.repos.apiCalls.add([
      { companyId: owner.companyId, day: '2027-02-28', endpoint: STATS, calls: 100 },
      { companyId: owner.companyId, day: '2027-03-01', endpoint: STATS, calls: 3 },
      { companyId: owner.companyId, day: '2027-03-14', endpoint: 'GET /api/v1/other', calls: 1 },
    ]);
    const key = await createKey(t.app, owner);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).not.toBe(429);
    expectJson(await callStats(t.app, owner.companyId, bearer(key)), 429, QUOTA_USED);
  });

  it('lets exactly the calls that fit through when they arrive together', async () => {
    setNow('2027-04-10T12:00:00Z');
    const owner = await ownerOnPlan(3);
    const key = await createKey(t.app, owner);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => callStats(t.app, owner.companyId, bearer(key))),
    );
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
    expect((await report(owner)).totals.calls).toBe(3);
  });

  it('keeps counting across flushes: what was flushed still counts toward the quota', async () => {
    setNow('2027-05-10T12:00:00Z');
    const owner = await ownerOnPlan(4);
    const key = await createKey(t.app, owner);
    await callStats(t.app, owner.companyId, bearer(key));
    await t.app.apiCalls.flush();
    await callStats(t.app, owner.companyId, bearer(key));
    await t.app.apiCalls.flush();
    await callStats(t.app, owner.companyId, bearer(key));
    await callStats(t.app, owner.companyId, bearer(key));
    expectJson(await callStats(t.app, owner.companyId, bearer(key)), 429, QUOTA_USED);
    t.clock.advance(120_000); // the monthly count is read again from the database after a minute
    expectJson(await callStats(t.app, owner.companyId, bearer(key)), 429, QUOTA_USED);
    const usage = await t.app.inject({ url: `/api/companies/${owner.companyId}/usage`, headers: owner.auth });
    expect(usage.json()).toMatchObject({ data: { api_calls_used: 4, api_calls_quota: 4 } });
  });
});
