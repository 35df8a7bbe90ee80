import type { AnalyticsDetail, FunnelReport } from '@footfall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_EMAIL, seedDemo } from '../src/bootstrap/demo';
import { seedDemoTraffic } from '../src/bootstrap/demo-traffic';
import { sealedBody, useTestApp } from './support/app';

const t = useTestApp();

describe('seedDemo', () => {
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    demo = await seedDemo(t.app.repos, new Date());
  });

  it('seeds a listed demo company, the first posts and an admin who can sign in, once', async () => {
    expect(demo).toMatchObject({ email: DEMO_EMAIL, admin: { email: DEMO_ADMIN_EMAIL } });
    if (!demo?.admin) throw new Error('no demo admin');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: demo.admin.email, password: demo.admin.password },
    });
    expect(login.statusCode).toBe(200);
    const listings = (await t.app.inject({ url: '/api/listings' })).json();
    expect(listings.data).toEqual([
      expect.objectContaining({ name: 'Demo Company', category: 'Software', public_stats: true }),
    ]);
    expect((await t.app.inject({ url: '/api/blogs' })).json().meta.total).toBe(3);

    // A database with users is never seeded again: no second password is made or shown.
    expect(await seedDemo(t.app.repos, new Date())).toBeUndefined();
    expect(await t.app.repos.admins.count()).toBe(1);
  });

  it('defines goals and a funnel that the sample traffic converts on, revenue included', async () => {
    if (!demo) throw new Error('no demo');
    const { enrichers, calendar, visitIds } = t.app.ingestion.deps;
    await seedDemoTraffic(
      { repos: t.app.repos, enrichers, calendar, visitIds, importsUnderway: t.app.importsUnderway },
      demo.trackingKey,
      t.clock.now().getTime(),
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: demo.email, password: demo.password },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const detail = sealedBody<{ data: AnalyticsDetail }>(
      await t.app.inject({ url: `/api/company-visitor-analytics-detail/${demo.companyId}`, headers }),
    ).data;
    expect(detail.goals).toHaveLength(6);
    expect(detail.goals.every((goal) => goal.visitors > 0)).toBe(true);
    const signedUp = detail.goals.find((goal) => goal.name === 'Signed up');
    expect(signedUp?.revenue?.currency).toBe('EUR');
    // Every sign-up pays 19 or 99 euros for its first month.
    expect(signedUp?.revenue?.average).toBeGreaterThanOrEqual(19);
    expect(signedUp?.revenue?.average).toBeLessThanOrEqual(99);
    const [funnel] = (await t.app.inject({ url: `/api/companies/${demo.companyId}/funnels`, headers })).json()
      .data;
    const report = (
      await t.app.inject({ url: `/api/companies/${demo.companyId}/funnels/${funnel.id}/report`, headers })
    ).json().data as FunnelReport;
    const reached = report.steps.map((step) => step.visitors);
    expect(reached.every((visitors) => visitors > 0)).toBe(true);
    expect([...reached].sort((a, b) => b - a)).toEqual(reached);
    // Two notes on the chart of the last 30 days: a day and a range.
    expect(detail.annotations.map((note) => [note.text, note.end_date === null, note.author])).toEqual([
      ['Published the installation guide', true, 'Demo User'],
      ['Spring offer on the pricing page', false, 'Demo User'],
    ]);
  });
});
