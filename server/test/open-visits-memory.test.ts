import type { AnalyticsDetail } from '@footfall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsOf, type CompanyOwner, companyOwner } from './support/analytics';
import { createStillClock, createTestApp, type TestApp } from './support/app';
import { track } from './support/tracking';

// Memory is bounded by design, not by the visitor count (docs/api.md "Limits that hold under attack"): past
// `OPEN_VISITS_MB` the least recently active open visits leave memory for the database, and their visitors'
// next events continue them there. The same traffic through a server that holds 1,024 open visits and one
// that holds 65,536 gives the same numbers, on SQLite and on PostgreSQL.

const VISITORS = 1_500;
const RETURNING = 600;

async function traffic(t: TestApp, site: CompanyOwner): Promise<AnalyticsDetail> {
  const ip = (i: number) => `10.77.${Math.floor(i / 250)}.${i % 250}`;
  const send = (i: number, path: string, type = 'pageview') =>
    track(
      t.app,
      {
        company: site.trackingKey,
        type,
        url: `https://memory.example${path}`,
        ...(type === 'engagement' && { engaged_ms: 5_000 }),
      },
      { ip: ip(i) },
    );
  for (let i = 0; i < VISITORS; i++) {
    expect((await send(i, `/first/${i % 7}`)).statusCode).toBe(202);
    // A visitor every 20 ms of the test clock: the first ones are long idle by the last.
    t.clock.advance(20);
  }
  t.clock.advance(60_000);
  // The first visitors come back within their visits: a ping, a second page; the one server must have
  // kept them in the database to count them as the same visits.
  for (let i = 0; i < RETURNING; i++) {
    expect((await send(i, `/first/${i % 7}`, 'engagement')).statusCode).toBe(202);
    expect((await send(i, `/second/${i % 3}`)).statusCode).toBe(202);
  }
  return analyticsOf(t.app, site, 'period=today');
}

describe('open visits beyond the memory budget', () => {
  let small: TestApp;
  let large: TestApp;
  beforeAll(async () => {
    // Clocks that stand still but for the traffic's steps, so that both servers see the same times.
    const noon = Date.UTC(2026, 5, 1, 12);
    [small, large] = await Promise.all([
      createTestApp({ env: { OPEN_VISITS_MB: '1' }, clock: createStillClock(noon) }),
      createTestApp({ env: { OPEN_VISITS_MB: '64' }, clock: createStillClock(noon) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([small?.close(), large?.close()]);
  });

  it('leave memory for the database without changing a number', { timeout: 120_000 }, async () => {
    const [smallSite, largeSite] = await Promise.all([
      companyOwner(small.app, small.mailer),
      companyOwner(large.app, large.mailer),
    ]);
    const held = await traffic(small, smallSite);
    expect(small.app.ingestion.deps.sessions.size).toBeLessThanOrEqual(1_024);
    const reference = await traffic(large, largeSite);
    expect(large.app.ingestion.deps.sessions.size).toBe(VISITORS);
    expect(held.summary).toEqual(reference.summary);
    expect(held.summary).toMatchObject({
      visitors: VISITORS,
      visits: VISITORS,
      pageviews: VISITORS + RETURNING,
    });
    expect(held.breakdowns).toEqual(reference.breakdowns);
  });
});
