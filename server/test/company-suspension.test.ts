import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey } from './support/stats-api';
import { pageview, storedEvents, track } from './support/tracking';

const COMPANY_SUSPENDED = { message: 'This company has been suspended. Contact the administrator.' };

const t = useTestApp();

/** A signed-in owner whose company publishes its stats, and an admin. */
async function setup() {
  const admin = await signedInAdmin(t.app);
  const user = await signedInUser(t.app, t.mailer);
  const [summary] = await t.app.repos.users.listCompanies(user.id);
  const companyId = summary?.id as number;
  const opened = await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${companyId}`,
    headers: user.auth,
    payload: { public_stats: true },
  });
  expect(opened.statusCode).toBe(200);
  const company = await t.app.repos.companies.findById(companyId);
  if (!company) throw new Error('the company vanished');
  const suspend = (suspended: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${companyId}`,
      headers: admin.auth,
      payload: { suspended },
    });
  return { user, company, suspend };
}

const widget = (key: string) => t.app.inject({ url: `/api/public/companies/${key}/stats` });

describe('a suspended company', () => {
  it('is refused to its members with 403 on its company routes, and back once lifted', async () => {
    const { user, company, suspend } = await setup();
    expect((await suspend(true)).statusCode).toBe(200);
    for (const url of [
      `/api/companies/${company.id}`,
      `/api/companies/${company.id}/usage`,
      `/api/companies/${company.id}/api-keys`,
      `/api/company-visitor-analytics-detail/${company.id}`,
      `/api/company-visitor-analytics-realtime/${company.id}`,
    ]) {
      expectJson(await t.app.inject({ url, headers: user.auth }), 403, COMPANY_SUSPENDED);
    }
    // The account itself still works: the user sees that the company exists, not its data.
    expect((await t.app.inject({ url: '/api/companies', headers: user.auth })).statusCode).toBe(200);
    expect((await suspend(false)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/companies/${company.id}`, headers: user.auth })).statusCode).toBe(
      200,
    );
  });

  it('has its events refused by ingestion with 403 at once, and accepted again once lifted', async () => {
    const { company, suspend } = await setup();
    // Warms ingestion's company cache, which the suspension must clear.
    expect((await track(t.app, pageview(company, 'https://shop.example/'))).statusCode).toBe(202);
    await suspend(true);
    expectJson(await track(t.app, pageview(company, 'https://shop.example/b')), 403, COMPANY_SUSPENDED);
    expect(await storedEvents(t.app, company.id)).toHaveLength(1);
    await suspend(false);
    expect((await track(t.app, pageview(company, 'https://shop.example/c'))).statusCode).toBe(202);
    expect(await storedEvents(t.app, company.id)).toHaveLength(2);
  });

  it('has its stats-API keys refused with 403 at once, and working again once lifted', async () => {
    const { user, company, suspend } = await setup();
    const key = await createKey(t.app, { id: user.id, auth: user.auth, companyId: company.id });
    // Warms the key cache, which the suspension must clear.
    expect((await callStats(t.app, company.id, bearer(key))).statusCode).toBe(200);
    await suspend(true);
    expectJson(await callStats(t.app, company.id, bearer(key)), 403, COMPANY_SUSPENDED);
    await suspend(false);
    expect((await callStats(t.app, company.id, bearer(key))).statusCode).toBe(200);
  });

  it('has its public stats widget answer 404 at once, and answer again once lifted', async () => {
    const { company, suspend } = await setup();
    expect((await widget(company.trackingKey)).statusCode).toBe(200);
    await suspend(true);
    expectJson(await widget(company.trackingKey), 404, { message: 'Not found.' });
    await suspend(false);
    expect((await widget(company.trackingKey)).statusCode).toBe(200);
  });

  it('is unlisted by the suspension, with its time recorded', async () => {
    const { company, suspend } = await setup();
    const admin = await signedInAdmin(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${company.id}`,
      headers: admin.auth,
      payload: { listed: true },
    });
    await suspend(true);
    const stored = await t.app.repos.companies.findById(company.id);
    expect(stored?.listed).toBe(false);
    expect(stored?.suspendedAt).toBeInstanceOf(Date);
  });
});
