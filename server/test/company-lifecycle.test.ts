import { TEST_EVENTS_PATH } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { login, signedInUser } from './support/accounts';
import { analyticsOf, type CompanyOwner, importRecords } from './support/analytics';
import { moveToNoonUtc, useTestApp } from './support/app';
import { companyRowCounts } from './support/company-rows';
import { bearer, callStats, createKey } from './support/stats-api';
import { invite, teammate } from './support/teams';
import { GOOGLEBOT_UA, track } from './support/tracking';

const t = useTestApp();
const HOUR = 3_600_000;

interface Created {
  id: number;
  name: string;
  role: string;
  plan: string;
  tracking_key: string;
  timezone: string;
  website: string | null;
}

const createCompany = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/companies', headers: auth, payload: payload as object });
const deleteCompany = (auth: Record<string, string>, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/companies/${id}`, headers: auth });

describe('POST /api/companies', () => {
  it('creates a site owned by the caller, on the default plan, with a fresh tracking key', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const response = await createCompany(user.auth, {
      name: 'Second Site',
      website: 'https://second.example',
      timezone: 'Europe/Paris',
    });
    expect(response.statusCode, response.body).toBe(201);
    const site = response.json<{ data: Created }>().data;
    expect(site).toMatchObject({
      name: 'Second Site',
      website: 'https://second.example',
      timezone: 'Europe/Paris',
      role: 'owner',
      plan: 'free',
      public_stats: false,
    });
    const list = (await t.app.inject({ url: '/api/companies', headers: user.auth })).json<{
      data: Created[];
    }>();
    expect(list.data).toHaveLength(2);
    expect(new Set(list.data.map((company) => company.tracking_key)).size).toBe(2);
    const minimal = await createCompany(user.auth, { name: 'Bare' });
    expect(minimal.json().data).toMatchObject({ timezone: 'UTC', website: null });
  });

  it('answers 422 for a missing or bad name, website or time zone, and 401 without a token', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const errorsOf = async (payload: unknown) => {
      const response = await createCompany(user.auth, payload);
      expect(response.statusCode).toBe(422);
      return response.json().errors;
    };
    expect(await errorsOf({})).toEqual({ name: ['The name field is required.'] });
    expect((await errorsOf({ name: 'x'.repeat(121) })).name).toBeDefined();
    expect((await errorsOf({ name: 'A', website: 'javascript:alert(1)' })).website).toBeDefined();
    expect((await errorsOf({ name: 'A', timezone: 'Mars/Olympus' })).timezone).toBeDefined();
    expect((await errorsOf({ name: 'A\u0000B' })).name).toBeDefined();
    expect((await createCompany({}, { name: 'A' })).statusCode).toBe(401);
  });

  it('stops at 50 owned sites with a message on name that says so', async () => {
    const user = await signedInUser(t.app, t.mailer);
    for (let made = 1; made < 50; made += 1) {
      expect((await createCompany(user.auth, { name: `Site ${made}` })).statusCode).toBe(201);
    }
    const refused = await createCompany(user.auth, { name: 'One too many' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name[0]).toMatch(/at most|50 sites/);
    // Belonging to other companies does not count: only owning does.
    const other = await signedInUser(t.app, t.mailer);
    const otherCompany = (await t.app.inject({ url: '/api/companies', headers: other.auth })).json().data[0];
    const joined = await teammate(t.app, t.mailer, other, otherCompany.id, 'viewer');
    expect((await createCompany(joined.auth, { name: 'Mine' })).statusCode).toBe(201);
  });
});

/** A company with a little of everything: visits over weeks, live events, bots, a key and its calls… */
async function busyCompany(seed: number): Promise<CompanyOwner & { keySecret: string; userId: number }> {
  const user = await signedInUser(t.app, t.mailer);
  const [company] = (await t.app.inject({ url: '/api/companies', headers: user.auth })).json().data;
  const owner = { auth: user.auth, companyId: company.id, trackingKey: company.tracking_key };
  const now = t.clock.now().getTime();
  const records = Array.from({ length: 240 }, (_, i) => ({
    timestamp: new Date(now - (i * 5 + seed) * HOUR).toISOString(),
    visitor: `v${(i * seed) % 41}`,
    type: i % 7 === 0 ? 'event' : 'pageview',
    ...(i % 7 === 0 && { name: 'signup', props: { plan: `p${i % 3}` } }),
    url: `https://shop${seed}.example/page-${i % 13}`,
    referrer: i % 4 === 0 ? 'https://www.google.com/' : undefined,
  }));
  await importRecords(t.app, owner, records);
  const page = `https://shop${seed}.example/live`;
  expect((await track(t.app, { company: owner.trackingKey, type: 'pageview', url: page })).statusCode).toBe(
    202,
  );
  await track(
    t.app,
    { company: owner.trackingKey, type: 'pageview', url: page },
    { userAgent: GOOGLEBOT_UA },
  );
  await track(t.app, { company: owner.trackingKey, type: 'pageview', url: page }, { url: TEST_EVENTS_PATH });
  const key = await createKey(t.app, { id: user.id, auth: user.auth, companyId: owner.companyId });
  expect((await callStats(t.app, owner.companyId, bearer(key), '?period=7d')).statusCode).toBe(200);
  await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
  await invite(t.app, owner, owner.companyId, `pending-${seed}-${Date.now()}@example.com`, 'admin');
  const goal = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/goals`,
    headers: owner.auth,
    payload: { name: 'Signup', event_name: 'signup' },
  });
  expect(goal.statusCode, goal.body).toBe(201);
  const other = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/goals`,
    headers: owner.auth,
    payload: { name: 'Pricing', page_path: '/pricing' },
  });
  const funnel = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/funnels`,
    headers: owner.auth,
    payload: { name: 'Signup', steps: [other.json().data.id, goal.json().data.id] },
  });
  expect(funnel.statusCode, funnel.body).toBe(201);
  const segment = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/segments`,
    headers: owner.auth,
    payload: { name: 'Signed up', filters: { goal: String(goal.json().data.id) } },
  });
  expect(segment.statusCode, segment.body).toBe(201);
  const plans = (await t.app.inject({ url: '/api/plans' })).json().data as { id: number; slug: string }[];
  const paid = plans.find((plan) => plan.slug !== 'free');
  if (paid) {
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/checkout`,
      headers: owner.auth,
      payload: { plan_id: paid.id },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
  }
  // Ended days are packed into segments (as maintenance does); reading the analytics stores rollups.
  await packEndedDays(t.app);
  for (const period of ['30d', '7d', 'today', '12mo']) await analyticsOf(t.app, owner, `period=${period}`);
  await t.app.apiCalls.flush();
  return { ...owner, keySecret: key.secret, userId: user.id };
}

const QUERIES = [
  'period=30d',
  'period=7d&compare=previous_period',
  'period=today',
  'period=12mo',
  'period=30d&page=/page-3',
];

describe('DELETE /api/companies/{id}', () => {
  it('removes the company and every row of it, while another busy company keeps every row and answer', async () => {
    moveToNoonUtc(t.clock);
    const doomed = await busyCompany(3);
    const survivor = await busyCompany(5);
    const doomedRows = await companyRowCounts(t.app, doomed.companyId);
    // Every kind of row exists before, or the test would prove nothing about it.
    for (const table of [
      'events',
      'sessions',
      'test_events',
      'visitor_salts',
      'bot_hits',
      'monthly_usage',
      'api_keys',
      'api_call_counts',
      'daily_rollups',
      'day_segments',
      'memberships',
      'invitations',
      'checkout_sessions',
      'goals',
      'funnels',
      'saved_segments',
    ]) {
      expect(doomedRows[table], table).toBeGreaterThan(0);
    }
    const survivorRows = await companyRowCounts(t.app, survivor.companyId);
    const answersBefore = await Promise.all(QUERIES.map((query) => analyticsOf(t.app, survivor, query)));

    const viewer = (
      await t.app.inject({ url: `/api/companies/${doomed.companyId}/members`, headers: doomed.auth })
    )
      .json()
      .data.find((member: { role: string }) => member.role === 'viewer');
    const response = await deleteCompany(doomed.auth, doomed.companyId);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');

    const left = await companyRowCounts(t.app, doomed.companyId);
    expect(
      Object.values(left).every((rows) => rows === 0),
      JSON.stringify(left),
    ).toBe(true);
    expect(await t.app.repos.companies.findById(doomed.companyId)).toBeUndefined();
    expect(await companyRowCounts(t.app, survivor.companyId)).toEqual(survivorRows);
    const answersAfter = await Promise.all(QUERIES.map((query) => analyticsOf(t.app, survivor, query)));
    expect(answersAfter).toEqual(answersBefore);

    // Everything that knew the company forgets it at once.
    const tracked = await track(t.app, {
      company: doomed.trackingKey,
      type: 'pageview',
      url: 'https://x.example/',
    });
    expect(tracked.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/public/companies/${doomed.trackingKey}/stats` })).statusCode,
    ).toBe(404);
    expect((await callStats(t.app, doomed.companyId, `Bearer ${doomed.keySecret}`)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/companies/${doomed.companyId}`, headers: doomed.auth })).statusCode,
    ).toBe(403);
    const viewerEmail = (await t.app.repos.users.findById(viewer.user_id))?.email ?? '';
    const viewerAuth = { authorization: `Bearer ${await login(t.app, viewerEmail)}` };
    const viewerSites = (await t.app.inject({ url: '/api/companies', headers: viewerAuth })).json().data;
    expect(viewerSites.map((site: { id: number }) => site.id)).not.toContain(doomed.companyId);
    // The survivor still takes events.
    const live = await track(t.app, {
      company: survivor.trackingKey,
      type: 'pageview',
      url: 'https://x.example/',
    });
    expect(live.statusCode).toBe(202);
  });

  it('is for the owner only: 403 for an admin, a viewer and a stranger, 404 for a malformed id', async () => {
    const owner = await signedInUser(t.app, t.mailer);
    const company = (await t.app.inject({ url: '/api/companies', headers: owner.auth })).json().data[0];
    const admin = await teammate(t.app, t.mailer, owner, company.id, 'admin');
    const viewer = await teammate(t.app, t.mailer, owner, company.id, 'viewer');
    const stranger = await signedInUser(t.app, t.mailer);
    for (const caller of [admin, viewer, stranger]) {
      expect((await deleteCompany(caller.auth, company.id)).statusCode).toBe(403);
    }
    expect((await deleteCompany(owner.auth, '1e3')).statusCode).toBe(404);
    expect((await deleteCompany({}, company.id)).statusCode).toBe(401);
    expect((await deleteCompany(owner.auth, company.id)).statusCode).toBe(204);
    expect((await deleteCompany(owner.auth, company.id)).statusCode).toBe(403);
  });

  it('drops the events a deleted company still had waiting, without failing anyone else’s', async () => {
    const a = await signedInUser(t.app, t.mailer);
    const b = await signedInUser(t.app, t.mailer);
    const siteA = (await t.app.inject({ url: '/api/companies', headers: a.auth })).json().data[0];
    const siteB = (await t.app.inject({ url: '/api/companies', headers: b.auth })).json().data[0];
    const sends = Array.from({ length: 40 }, (_, i) =>
      track(t.app, {
        company: (i % 2 ? siteA : siteB).tracking_key,
        type: 'pageview',
        url: `https://x.example/${i}`,
      }),
    );
    // Stats-API calls counted in memory and not yet written: written after the company, they would fail.
    const keyA = await createKey(t.app, { id: a.id, auth: a.auth, companyId: siteA.id });
    const keyB = await createKey(t.app, { id: b.id, auth: b.auth, companyId: siteB.id });
    await t.app.apiCalls.flush();
    expect((await callStats(t.app, siteA.id, bearer(keyA))).statusCode).toBe(200);
    expect((await callStats(t.app, siteB.id, bearer(keyB))).statusCode).toBe(200);
    const deleted = deleteCompany(a.auth, siteA.id);
    const statuses = (await Promise.all(sends)).map((response) => response.statusCode);
    expect((await deleted).statusCode).toBe(204);
    expect(statuses.filter((_, i) => i % 2 === 0)).toEqual(Array(20).fill(202));
    expect(statuses.every((status) => status === 202 || status === 404)).toBe(true);
    expect((await companyRowCounts(t.app, siteB.id)).events).toBe(20);
    await t.app.apiCalls.flush();
    expect((await companyRowCounts(t.app, siteB.id)).api_call_counts).toBe(1);
    expect(Object.values(await companyRowCounts(t.app, siteA.id)).every((rows) => rows === 0)).toBe(true);
  });
});

describe('DELETE /api/user', () => {
  it('deletes the account and the sites it owns after it typed its address; other teams keep theirs', async () => {
    const leaving = await signedInUser(t.app, t.mailer);
    const owned = (await t.app.inject({ url: '/api/companies', headers: leaving.auth })).json().data[0];
    const second = (await createCompany(leaving.auth, { name: 'Second' })).json().data;
    const colleague = await signedInUser(t.app, t.mailer);
    const theirs = (await t.app.inject({ url: '/api/companies', headers: colleague.auth })).json().data[0];
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${theirs.id}/invitations`,
      headers: colleague.auth,
      payload: { email: leaving.email, role: 'admin' },
    });
    expect(joined.statusCode).toBe(201);
    const token = new URL(t.mailer.lastLinkTo(leaving.email)).pathname.split('/').at(-1);
    await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: leaving.auth });

    const remove = (email: unknown, password: string | null = leaving.password) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: leaving.auth,
        payload: { email, ...(password !== null && { current_password: password }) },
      });
    const wrong = await remove('someone@example.com');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.email).toEqual(['Type the email address of this account to confirm.']);
    expect((await remove(undefined)).statusCode).toBe(422);
    // The password too, for an account that has one: a stolen session alone deletes nothing.
    for (const password of [null, 'not the password']) {
      const refused = await remove(leaving.email, password);
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['current_password']);
    }

    expect((await remove(leaving.email.toUpperCase())).statusCode).toBe(204);
    expect(await t.app.repos.users.findById(leaving.id)).toBeUndefined();
    expect(await t.app.repos.companies.findById(owned.id)).toBeUndefined();
    expect(await t.app.repos.companies.findById(second.id)).toBeUndefined();
    expect(await t.app.repos.companies.findById(theirs.id)).toBeDefined();
    const team = (
      await t.app.inject({ url: `/api/companies/${theirs.id}/members`, headers: colleague.auth })
    ).json();
    expect(team.data.map((member: { user_id: number }) => member.user_id)).toEqual([colleague.id]);
    // The session went with the account.
    expect((await t.app.inject({ url: '/api/companies', headers: leaving.auth })).statusCode).toBe(401);
  });
});
