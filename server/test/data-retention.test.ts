import { describe, expect, it } from 'vitest';
import { analyticsDetail } from '../src/analytics/detail';
import { purgeExpiredEvents } from '../src/storage/retention';
import { companyOwner, importRawRecords } from './support/analytics';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';

const t = useTestApp();
const DAY = 86_400_000;
const SITE = 'https://engines.example';

function patchRetention(companyId: number, auth: Record<string, string>, retention: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${companyId}`,
    headers: auth,
    payload: { retention_days: retention },
  });
}

describe('a site’s own retention', () => {
  it('is set by the owner or an admin, shown on the company, and cleared with null', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const set = await patchRetention(owner.companyId, owner.auth, 30);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ retention_days: 30, plan_retention_days: 365 });
    const read = await t.app.inject({ url: `/api/companies/${owner.companyId}`, headers: owner.auth });
    expect(read.json().data).toMatchObject({ retention_days: 30, plan_retention_days: 365 });

    const admin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    const byAdmin = await patchRetention(owner.companyId, admin.auth, 365);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data.retention_days).toBe(365);

    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const byViewer = await patchRetention(owner.companyId, viewer.auth, 10);
    expect(byViewer.statusCode).toBe(403);

    // Other settings sent without it leave it alone.
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { name: 'Renamed' },
    });
    expect(renamed.json().data.retention_days).toBe(365);

    const cleared = await patchRetention(owner.companyId, owner.auth, null);
    expect(cleared.json().data).toMatchObject({ retention_days: null, plan_retention_days: 365 });

    // Each change is in the audit log; the rename left the retention alone and is not among them.
    const changes = await t.app.repos.auditEvents.list(
      { companyId: owner.companyId, actions: ['site.retention_changed'] },
      10,
    );
    const who = (id: number | null) => (id === admin.id ? 'admin' : 'owner');
    expect(changes.map((entry) => [who(entry.actorId), entry.details])).toEqual([
      ['owner', { retention_days: { from: 365, to: null }, plan_retention_days: 365 }],
      ['admin', { retention_days: { from: 30, to: 365 }, plan_retention_days: 365 }],
      ['owner', { retention_days: { from: null, to: 30 }, plan_retention_days: 365 }],
    ]);
  });

  it.each([
    [0, "Choose from 1 to 365 days: the site's plan keeps data for 365 days."],
    [-5, "Choose from 1 to 365 days: the site's plan keeps data for 365 days."],
    [366, "Choose from 1 to 365 days: the site's plan keeps data for 365 days."],
    [1.5, 'The retention days field must be an integer.'],
    ['thirty', 'The retention days field must be an integer.'],
  ])('refuses %s with 422 on retention_days', async (value, message) => {
    const owner = await companyOwner(t.app, t.mailer);
    const response = await patchRetention(owner.companyId, owner.auth, value);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.retention_days[0]).toContain(message);
    const read = await t.app.inject({ url: `/api/companies/${owner.companyId}`, headers: owner.auth });
    expect(read.json().data.retention_days).toBeNull();
  });

  it('is applied by the retention pass, which keeps the rollups of the days it empties', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const at = (daysAgo: number) => new Date(t.clock.now().getTime() - daysAgo * DAY).toISOString();
    await importRawRecords(t.app, owner, [
      { timestamp: at(20), visitor: 'old', type: 'pageview', url: `${SITE}/old`, country: 'FR' },
      { timestamp: at(20), visitor: 'old', type: 'event', name: 'signup', url: `${SITE}/old` },
      { timestamp: at(2), visitor: 'recent', type: 'pageview', url: `${SITE}/recent` },
    ]);
    const company = { id: owner.companyId, timezone: 'UTC' };
    const before = await analyticsDetail(t.app, company, { period: 'all' });
    await t.app.repos.rollups.forget(owner.companyId);

    expect((await patchRetention(owner.companyId, owner.auth, 10)).statusCode).toBe(200);
    const purged = await purgeExpiredEvents(t.app);
    expect(purged.events).toBeGreaterThanOrEqual(2);
    const { events } = t.app.db.schema;
    const left = await t.app.db.orm.select().from(events);
    expect(left.filter((row) => row.companyId === owner.companyId)).toHaveLength(1);
    const after = await analyticsDetail(t.app, company, { period: 'all' });
    expect(after.summary).toEqual(before.summary);
    expect(after.breakdowns.pages).toEqual(before.breakdowns.pages);
    // Filtered questions need the events, which are gone before the window.
    expect((await analyticsDetail(t.app, company, { period: 'all', country: 'FR' })).summary.visits).toBe(0);

    // Imports older than the site's retention are refused with its figure.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/import`,
      headers: { ...owner.auth, 'content-type': 'application/x-ndjson' },
      payload: JSON.stringify({ timestamp: at(15), visitor: 'x', type: 'pageview', url: `${SITE}/` }),
    });
    expect(refused.json().data.rejected).toEqual([
      { line: 1, reason: "older than the site's retention of 10 days" },
    ]);
  });

  it('never outlasts the plan: a setting above a smaller plan’s keeps the plan’s', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    // A setting made on a larger plan, before a move to the free plan (365 days).
    await t.app.repos.companies.update(owner.companyId, { retentionDays: 700 });
    const shorter = await t.app.repos.companies.findById(owner.companyId);
    expect(shorter?.retentionDays).toBe(700);
    const effective = (await t.app.repos.analytics.retentionOfCompanies()).find(
      (company) => company.id === owner.companyId,
    );
    expect(effective?.retentionDays).toBe(365);
    await t.app.repos.companies.update(owner.companyId, { retentionDays: 40 });
    const own = (await t.app.repos.analytics.retentionOfCompanies()).find(
      (company) => company.id === owner.companyId,
    );
    expect(own?.retentionDays).toBe(40);
  });
});
