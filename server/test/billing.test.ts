import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewPlan } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, newMember, newOwner, type Owner } from './support/stats-api';
import { pageview, track } from './support/tracking';

// A dashboard build, so that the history-mode fallback is on: the checkout page must win over it.
const dir = mkdtempSync(join(tmpdir(), 'footfall-billing-'));
mkdirSync(join(dir, 'dashboard'));
writeFileSync(join(dir, 'dashboard/index.html'), '<!doctype html><title>Footfall dashboard</title>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const t = useTestApp({ staticDirs: { dashboard: join(dir, 'dashboard') } });

const SESSION_ID = /^cs_[A-Za-z0-9_-]{32}$/;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const NO_ACCESS = { message: 'You do not have access to this company.' };
const OWNER_ONLY = { message: "Only the company's owner can change its plan." };
const invalidPlan = (message: string) => ({
  message: 'The given data was invalid.',
  errors: { plan_id: [message] },
});

async function planId(slug: string): Promise<number> {
  const plan = await t.app.repos.plans.findBySlug(slug);
  if (!plan) throw new Error(`no plan ${slug}`);
  return plan.id;
}

async function addPlan(plan: Partial<NewPlan> & { slug: string }): Promise<number> {
  const [row] = await t.app.db.orm
    .insert(t.app.db.schema.plans)
    .values({
      name: plan.slug,
      priceCents: 100,
      currency: 'usd',
      interval: 'month',
      eventsQuota: 1_000,
      apiCallsQuota: 1_000,
      retentionDays: 365,
      sortOrder: 50,
      ...plan,
    })
    .returning();
  if (!row) throw new Error('plan not created');
  return row.id;
}

const checkout = (companyId: number | string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/checkout`,
    headers: auth,
    payload: payload as object,
  });
const sessionStatus = (id: string) => t.app.inject({ url: `/api/billing/sessions/${id}` });
const checkoutPage = (id: string) => t.app.inject({ url: `/billing/checkout/${id}` });
const confirm = (id: string) =>
  t.app.inject({ method: 'POST', url: `/billing/checkout/${id}/confirm`, headers: FORM, payload: '' });
const cancel = (id: string) =>
  t.app.inject({ method: 'POST', url: `/billing/checkout/${id}/cancel`, headers: FORM, payload: '' });

/** Starts a checkout as the owner and answers its session id. */
async function startCheckout(owner: Owner, slug: string): Promise<string> {
  const response = await checkout(owner.companyId, owner.auth, { plan_id: await planId(slug) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { session_id: string } }>().data.session_id;
}

/** Moves the owner's company to a paid plan through the test checkout. */
async function upgrade(owner: Owner, slug: string): Promise<void> {
  expect((await confirm(await startCheckout(owner, slug))).statusCode).toBe(303);
}

async function companyPlan(owner: Owner): Promise<string> {
  const response = await t.app.inject({ url: `/api/companies/${owner.companyId}`, headers: owner.auth });
  return response.json<{ data: { plan: string } }>().data.plan;
}

const usage = async (owner: Owner) =>
  (await t.app.inject({ url: `/api/companies/${owner.companyId}/usage`, headers: owner.auth })).json<{
    data: { events_quota: number; api_calls_quota: number };
  }>().data;

describe('upgrading through the test checkout', () => {
  it('takes a user from free to starter: page, confirm, complete session, starter quotas', async () => {
    const owner = await newOwner(t.app, t.mailer, { company_name: 'Analytical Engines' });
    const response = await checkout(owner.companyId, owner.auth, { plan_id: await planId('starter') });
    expectJson(response, 200, {
      data: { checkout_url: expect.any(String), session_id: expect.stringMatching(SESSION_ID) },
    });
    const { session_id: id, checkout_url: url } = response.json<{
      data: { session_id: string; checkout_url: string };
    }>().data;
    expect(url).toBe(`http://footfall.test/billing/checkout/${id}`);
    const starter = await planId('starter');
    expectJson(await sessionStatus(id), 200, {
      data: { id, status: 'open', company_id: owner.companyId, plan_id: starter },
    });

    const page = await checkoutPage(id);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Test checkout</title>');
    expect(page.body).toContain('Analytical Engines');
    expect(page.body).toContain('Starter');
    expect(page.body).toContain('$9.00 / month');
    expect(page.body).toContain('Test mode — no card is charged');
    expect(page.body).toContain(`action="/billing/checkout/${id}/confirm"`);
    expect(page.body).toContain('>Pay $9.00</button>');
    expect(page.body).toContain(`action="/billing/checkout/${id}/cancel"`);
    expect(page.body).not.toMatch(/<script|<link|src=/);
    // The page's inline styles are allowed by the policy every answer carries.
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");

    const confirmed = await confirm(id);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/payment-success?session_id=${id}`);
    expect(confirmed.headers['set-cookie']).toBeUndefined();
    expect((await sessionStatus(id)).json()).toMatchObject({ data: { status: 'complete' } });
    expect(await companyPlan(owner)).toBe('starter');
    expect(await usage(owner)).toMatchObject({ events_quota: 100_000, api_calls_quota: 10_000 });
  });

  it('records the change with its session, and changes the plan once however often it is confirmed', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'growth');
    await Promise.all([confirm(id), confirm(id)]);
    const again = await confirm(id);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/payment-success?session_id=${id}`);
    const changes = await t.app.repos.planChanges.listForCompany(owner.companyId);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      fromPlanId: await planId('free'),
      toPlanId: await planId('growth'),
      source: 'checkout',
      checkoutSessionId: id,
      adminId: null,
    });
    const stored = await t.app.repos.checkoutSessions.findById(id);
    expect(stored).toMatchObject({ status: 'complete', provider: 'test', userId: owner.id });
    expect(stored?.completedAt).toBeInstanceOf(Date);
  });

  it('shows a closed session as such, with a link back to the plans', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'starter');
    await confirm(id);
    const page = await checkoutPage(id);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This checkout is already complete.');
    expect(page.body).toContain(`href="/user-plans/${owner.companyId}"`);
    expect(page.body).not.toContain('<form');
  });

  it('escapes what the owner typed', async () => {
    const owner = await newOwner(t.app, t.mailer, { company_name: '<img src=x onerror=alert(1)> & Co' });
    const page = await checkoutPage(await startCheckout(owner, 'starter'));
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(page.body).not.toContain('<img');
  });

  it('is a 404 page for a malformed or unknown session, which no post can change', async () => {
    for (const id of ['nope', 'cs_short', `cs_${'a'.repeat(32)}`, `cs_${'%3Cb%3E'.padEnd(32, 'x')}`]) {
      const page = await checkoutPage(id);
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('Checkout not found');
      expect((await confirm(id)).statusCode).toBe(404);
      expect((await cancel(id)).statusCode).toBe(404);
    }
  });

  it('takes the confirm post with no content type, and from a browser carrying cookies without an XSRF header', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'starter');
    const response = await t.app.inject({
      method: 'POST',
      url: `/billing/checkout/${id}/confirm`,
      headers: { cookie: 'XSRF-TOKEN=abc; token=xyz' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await companyPlan(owner)).toBe('starter');
  });
});

describe('canceling and expiry', () => {
  it('cancels: back to the plans page, session canceled, plan unchanged, and a later confirm changes nothing', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'starter');
    const canceled = await cancel(id);
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(`/user-plans/${owner.companyId}?checkout=canceled`);
    expect((await sessionStatus(id)).json()).toMatchObject({ data: { status: 'canceled' } });
    expect((await checkoutPage(id)).body).toContain('This checkout was canceled.');
    const late = await confirm(id);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(`/payment-success?session_id=${id}`);
    expect(await companyPlan(owner)).toBe('free');
    expect(await t.app.repos.planChanges.listForCompany(owner.companyId)).toEqual([]);
  });

  it('answers expired for an open session past its hour, stores it, and refuses to complete it', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'starter');
    const stored = await t.app.repos.checkoutSessions.findById(id);
    const created = stored?.createdAt.getTime() ?? 0;
    expect(stored?.expiresAt.getTime()).toBe(created + 3_600_000);
    const { checkoutSessions } = t.app.db.schema;
    await t.app.db.orm
      .update(checkoutSessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(checkoutSessions.id, id));
    expect((await sessionStatus(id)).json()).toMatchObject({ data: { status: 'expired' } });
    expect((await t.app.repos.checkoutSessions.findById(id))?.status).toBe('expired');
    expect((await checkoutPage(id)).body).toContain('This checkout has expired.');
    expect((await confirm(id)).headers.location).toBe(`/payment-success?session_id=${id}`);
    expect(await companyPlan(owner)).toBe('free');
  });

  it('expires an open session on the checkout page itself too', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'starter');
    const { checkoutSessions } = t.app.db.schema;
    await t.app.db.orm
      .update(checkoutSessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(checkoutSessions.id, id));
    await confirm(id);
    expect(await companyPlan(owner)).toBe('free');
    expect((await t.app.repos.checkoutSessions.findById(id))?.status).toBe('expired');
  });
});

describe('downgrading to free', () => {
  it('applies at once, with a session already complete and a link to the payment-success page', async () => {
    const owner = await newOwner(t.app, t.mailer);
    await upgrade(owner, 'business');
    const response = await checkout(owner.companyId, owner.auth, { plan_id: await planId('free') });
    const { data } = response.json<{ data: { session_id: string; checkout_url: string } }>();
    expect(response.statusCode).toBe(200);
    expect(data.checkout_url).toBe(`http://footfall.test/payment-success?session_id=${data.session_id}`);
    expect((await sessionStatus(data.session_id)).json()).toMatchObject({ data: { status: 'complete' } });
    expect(await companyPlan(owner)).toBe('free');
    expect(await usage(owner)).toMatchObject({ events_quota: 10_000, api_calls_quota: 1_000 });
    const [latest] = await t.app.repos.planChanges.listForCompany(owner.companyId);
    expect(latest).toMatchObject({ toPlanId: await planId('free'), checkoutSessionId: data.session_id });
  });
});

describe('quotas after a plan change', () => {
  let tiny: number;
  let roomy: number;
  beforeAll(async () => {
    tiny = await addPlan({ slug: 'tiny', eventsQuota: 1, apiCallsQuota: 1 });
    roomy = await addPlan({ slug: 'roomy', eventsQuota: 1_000, apiCallsQuota: 1_000, priceCents: 200 });
  });

  it('ingestion and the stats API use the new plan at once, not a cached one', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const company = await t.app.repos.companies.findById(owner.companyId);
    if (!company) throw new Error('no company');
    const event = pageview(company, 'https://engines.example/');
    const key = await createKey(t.app, owner);
    expect((await track(t.app, event)).statusCode).toBe(202);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(200);

    expect((await confirm(await startCheckout(owner, 'tiny'))).statusCode).toBe(303);
    expect((await track(t.app, event)).statusCode).toBe(429);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(429);

    expect((await confirm(await startCheckout(owner, 'roomy'))).statusCode).toBe(303);
    expect((await track(t.app, event)).statusCode).toBe(202);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(200);
    expect(await usage(owner)).toMatchObject({ events_quota: 1_000, api_calls_quota: 1_000 });
    expect([tiny, roomy]).toHaveLength(2);
  });
});

describe('POST /api/companies/{id}/checkout refusals', () => {
  it('is 401 without a token, and 403 for an admin token', async () => {
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await checkout(owner.companyId, {}, { plan_id: 2 }), 401, UNAUTHENTICATED);
    const admin = await signedInAdmin(t.app);
    expect((await checkout(owner.companyId, admin.auth, { plan_id: 2 })).statusCode).toBe(403);
  });

  it('is 403 for a member who is not the owner, and for another or unknown company', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const member = await newMember(t.app, t.mailer, owner.companyId);
    const starter = await planId('starter');
    expectJson(await checkout(owner.companyId, member.auth, { plan_id: starter }), 403, OWNER_ONLY);
    const stranger = await newOwner(t.app, t.mailer);
    expectJson(await checkout(owner.companyId, stranger.auth, { plan_id: starter }), 403, NO_ACCESS);
    expectJson(await checkout(2 ** 31 - 1, owner.auth, { plan_id: starter }), 403, NO_ACCESS);
    expect(await companyPlan(owner)).toBe('free');
  });

  it('is 404 for a malformed company id', async () => {
    const owner = await newOwner(t.app, t.mailer);
    for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
      expect((await checkout(id, owner.auth, { plan_id: 2 })).statusCode).toBe(404);
    }
  });

  it('is 422 on plan_id for an unknown, inactive or current plan, or a bad value', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const hidden = await addPlan({ slug: 'hidden', active: false });
    const cases: [unknown, string][] = [
      [{ plan_id: 999_999 }, 'The selected plan id is invalid.'],
      [{ plan_id: hidden }, 'The selected plan id is invalid.'],
      [{ plan_id: await planId('free') }, 'The company is already on this plan.'],
      [{}, 'The plan id field is required.'],
      [{ plan_id: 'starter' }, 'The plan id field must be an integer.'],
      [{ plan_id: 0 }, 'The plan id field must be at least 1.'],
    ];
    for (const [payload, message] of cases) {
      expectJson(await checkout(owner.companyId, owner.auth, payload), 422, invalidPlan(message));
    }
    const { checkoutSessions } = t.app.db.schema;
    const stored = await t.app.db.orm
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.companyId, owner.companyId));
    expect(stored).toEqual([]);
  });

  it('is 429 with Retry-After past 20 checkouts a company starts in an hour', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const starter = await planId('starter');
    for (let i = 0; i < 20; i++) {
      expect((await checkout(owner.companyId, owner.auth, { plan_id: starter })).statusCode).toBe(200);
    }
    const refused = await checkout(owner.companyId, owner.auth, { plan_id: starter });
    expectJson(refused, 429, { message: 'Too many checkout requests. Please try again in 60 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    t.clock.advance(60 * 60 * 1000);
    expect((await checkout(owner.companyId, owner.auth, { plan_id: starter })).statusCode).toBe(200);
  });

  it('is 400 for a body that is not JSON and 415 for another content type', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const url = `/api/companies/${owner.companyId}/checkout`;
    const headers = { ...owner.auth, 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'POST', url, headers, payload: '{' })).statusCode).toBe(400);
    const text = { ...owner.auth, 'content-type': 'text/plain' };
    expect((await t.app.inject({ method: 'POST', url, headers: text, payload: 'x' })).statusCode).toBe(415);
  });
});

describe('GET /api/billing/sessions/{session_id}', () => {
  it('answers without a token, and with any token', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const id = await startCheckout(owner, 'starter');
    expect((await sessionStatus(id)).statusCode).toBe(200);
    const withToken = await t.app.inject({ url: `/api/billing/sessions/${id}`, headers: owner.auth });
    expect(withToken.json()).toMatchObject({ data: { id, status: 'open' } });
  });

  it('is 404 for a malformed or unknown id', async () => {
    for (const id of [
      'abc',
      'cs_short',
      `cs_${'x'.repeat(33)}`,
      `cs_${'a'.repeat(32)}`,
      `cs_${'.'.repeat(32)}`,
    ]) {
      expectJson(await sessionStatus(id), 404, { message: 'Not found.' });
    }
  });
});

describe('POST /api/billing/stripe/webhook without Stripe', () => {
  it('is 404: the test provider takes no webhooks', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"type":"checkout.session.completed"}',
    });
    expectJson(response, 404, { message: 'Not found.' });
  });
});
