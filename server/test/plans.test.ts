import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const t = useTestApp();

const STARTER = {
  id: expect.any(Number),
  slug: 'starter',
  name: 'Starter',
  price_cents: 900,
  currency: 'usd',
  interval: 'month',
  events_quota: 100_000,
  api_calls_quota: 10_000,
  retention_days: 730,
  features: [
    '100,000 pageviews and events a month',
    '10,000 stats API calls a month',
    '2 years of data retention',
    'Cookie-free tracking',
    'Email support',
  ],
};

describe('GET /api/plans', () => {
  it('lists the active plans in display order to anyone, without a token', async () => {
    const response = await t.app.inject({ url: '/api/plans' });
    expectJson(response, 200, { data: expect.any(Array) });
    const { data } = response.json<{ data: { slug: string }[] }>();
    expect(data.map((plan) => plan.slug)).toEqual(['free', 'starter', 'growth', 'business']);
    expect(data[0]).toMatchObject({
      slug: 'free',
      price_cents: 0,
      events_quota: 10_000,
      api_calls_quota: 1_000,
    });
    expect(data[0]).toMatchObject({ retention_days: 365 });
    expect(data[1]).toEqual(STARTER);
  });

  it('leaves out a plan that is no longer offered', async () => {
    const { plans } = t.app.db.schema;
    await t.app.db.orm.insert(plans).values({
      slug: 'legacy',
      name: 'Legacy',
      priceCents: 500,
      currency: 'usd',
      interval: 'month',
      eventsQuota: 50_000,
      apiCallsQuota: 5_000,
      retentionDays: 365,
      active: false,
      sortOrder: 1,
    });
    const { data } = (await t.app.inject({ url: '/api/plans' })).json<{ data: { slug: string }[] }>();
    expect(data.map((plan) => plan.slug)).not.toContain('legacy');
  });

  it('answers with a bad token too: the list is public', async () => {
    const response = await t.app.inject({ url: '/api/plans', headers: { authorization: 'Bearer nonsense' } });
    expect(response.statusCode).toBe(200);
  });

  it('is 404 for other methods', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/plans', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
