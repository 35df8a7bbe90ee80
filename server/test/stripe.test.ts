import { createTestDb } from '@footfall/db/testing';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createStripeProvider } from '../src/billing/stripe-provider';
import { loadConfig } from '../src/config';
import type { App } from '../src/types';
import { createClock } from './support/app';
import { expectJson } from './support/expect-json';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe';
import { createRecordingMailer, type RecordingMailer } from './support/mailer';
import { newOwner, type Owner } from './support/stats-api';

const SECRET_KEY = 'sk_test_footfall';
const WEBHOOK_SECRET = 'whsec_footfall_test';
const WEBHOOK = '/api/billing/stripe/webhook';

let app: App;
let mailer: RecordingMailer;
let fake: FakeStripe;
let cleanup: () => Promise<void>;

// The app is built by hand: its payment provider is Stripe's client pointed at the fake API.
beforeAll(async () => {
  fake = await startFakeStripe();
  const testDb = await createTestDb();
  const config = loadConfig({
    APP_URL: 'http://footfall.test',
    DATABASE_URL: testDb.url,
    DATA_DIR: '/nonexistent-footfall-data',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-config-check',
    LOG_LEVEL: 'silent',
    FOOTFALL_SEED_DEMO: 'false',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  mailer = createRecordingMailer();
  const paymentProvider = await createStripeProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    stripeClientOptions: fake.clientOptions,
  });
  app = await buildApp({ config, db: testDb.db, mailer, now: createClock().now, paymentProvider });
  await app.ready();
  cleanup = testDb.cleanup;
});
afterAll(async () => {
  await app?.close();
  await cleanup?.();
  await fake?.close();
});

async function planId(slug: string): Promise<number> {
  const plan = await app.repos.plans.findBySlug(slug);
  if (!plan) throw new Error(`no plan ${slug}`);
  return plan.id;
}

const checkout = (owner: Owner, planIdValue: number) =>
  app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/checkout`,
    headers: owner.auth,
    payload: { plan_id: planIdValue },
  });

interface Started {
  owner: Owner;
  sessionId: string;
  externalId: string;
  checkoutUrl: string;
}

async function startStarterCheckout(): Promise<Started> {
  const owner = await newOwner(app, mailer);
  const response = await checkout(owner, await planId('starter'));
  expect(response.statusCode, response.body).toBe(200);
  const { data } = response.json<{ data: { session_id: string; checkout_url: string } }>();
  const stored = await app.repos.checkoutSessions.findById(data.session_id);
  if (!stored?.externalId) throw new Error('no Stripe session id stored');
  return { owner, sessionId: data.session_id, externalId: stored.externalId, checkoutUrl: data.checkout_url };
}

let events = 0;
/** A Stripe event about a Checkout Session, as Stripe would send it. */
function stripeEvent(type: string, started: Started, fields: Record<string, unknown> = {}): string {
  events += 1;
  return JSON.stringify({
    id: `evt_test_${events}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: started.externalId,
        object: 'checkout.session',
        client_reference_id: started.sessionId,
        metadata: { checkout_session_id: started.sessionId },
        payment_status: 'paid',
        status: 'complete',
        ...fields,
      },
    },
  });
}

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const deliver = (payload: string, signature: string | undefined, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      ...headers,
    },
    payload,
  });

async function status(sessionId: string): Promise<string> {
  const response = await app.inject({ url: `/api/billing/sessions/${sessionId}` });
  return response.json<{ data: { status: string } }>().data.status;
}

async function companyPlan(owner: Owner): Promise<string> {
  const response = await app.inject({ url: `/api/companies/${owner.companyId}`, headers: owner.auth });
  return response.json<{ data: { plan: string } }>().data.plan;
}

describe('checkout through Stripe', () => {
  it('creates a Checkout Session with the plan price, our ids and the return URLs, and answers its URL', async () => {
    const started = await startStarterCheckout();
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers['idempotency-key']).toBe(started.sessionId);
    const { sessionId, owner } = started;
    expect(request?.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '900',
      'line_items[0][price_data][product_data][name]': 'Footfall Starter (monthly)',
      success_url: `http://footfall.test/payment-success?session_id=${sessionId}`,
      cancel_url: `http://footfall.test/user-plans/${owner.companyId}?checkout=canceled`,
      client_reference_id: sessionId,
      'metadata[checkout_session_id]': sessionId,
      'metadata[company_id]': String(owner.companyId),
      'metadata[plan_id]': String(await planId('starter')),
    });
    const stored = await app.repos.checkoutSessions.findById(sessionId);
    expect(Number(request?.form.expires_at)).toBe(Math.floor((stored?.expiresAt.getTime() ?? 0) / 1000));
    expect(stored).toMatchObject({ provider: 'stripe', status: 'open' });
    expect(started.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${started.externalId}`);
    expect(await status(sessionId)).toBe('open');
  });

  it('does not serve the test checkout page for a Stripe session', async () => {
    const { sessionId, owner } = await startStarterCheckout();
    expect((await app.inject({ url: `/billing/checkout/${sessionId}` })).statusCode).toBe(404);
    const confirm = await app.inject({ method: 'POST', url: `/billing/checkout/${sessionId}/confirm` });
    expect(confirm.statusCode).toBe(404);
    expect(await status(sessionId)).toBe('open');
    expect(await companyPlan(owner)).toBe('free');
  });

  it('downgrades to free without asking Stripe', async () => {
    const started = await startStarterCheckout();
    const paid = stripeEvent('checkout.session.completed', started);
    await deliver(paid, sign(paid));
    expect(await companyPlan(started.owner)).toBe('starter');
    const before = fake.requests.length;
    const response = await checkout(started.owner, await planId('free'));
    const { data } = response.json<{ data: { session_id: string; checkout_url: string } }>();
    expect(data.checkout_url).toBe(`http://footfall.test/payment-success?session_id=${data.session_id}`);
    expect(fake.requests).toHaveLength(before);
    expect(await status(data.session_id)).toBe('complete');
    expect(await companyPlan(started.owner)).toBe('free');
  });

  it('answers 502 and closes our session when Stripe refuses', async () => {
    const owner = await newOwner(app, mailer);
    fake.failNext(400);
    const response = await checkout(owner, await planId('growth'));
    expectJson(response, 502, { message: 'Server Error' });
    const { checkoutSessions } = app.db.schema;
    const rows = await app.db.orm.select().from(checkoutSessions);
    const mine = rows.filter((row) => row.companyId === owner.companyId);
    expect(mine.map((row) => row.status)).toEqual(['canceled']);
  });
});

describe('POST /api/billing/stripe/webhook', () => {
  it('completes the session and changes the plan on a signed checkout.session.completed, once however often replayed', async () => {
    const started = await startStarterCheckout();
    const payload = stripeEvent('checkout.session.completed', started);
    const signature = sign(payload);
    const response = await deliver(payload, signature);
    expectJson(response, 200, { received: true });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await status(started.sessionId)).toBe('complete');
    expect(await companyPlan(started.owner)).toBe('starter');

    expectJson(await deliver(payload, signature), 200, { received: true });
    const changes = await app.repos.planChanges.listForCompany(started.owner.companyId);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ source: 'checkout', checkoutSessionId: started.sessionId });
  });

  it('is 400 for a tampered payload, a wrong secret or no signature, and changes nothing', async () => {
    const started = await startStarterCheckout();
    const payload = stripeEvent('checkout.session.completed', started);
    const tampered = payload.replace('"paid"', '"paid" ');
    const invalid = { message: 'The webhook signature is invalid.' };
    expectJson(await deliver(tampered, sign(payload)), 400, invalid);
    expectJson(await deliver(payload, sign(payload, 'whsec_someone_else')), 400, invalid);
    expectJson(await deliver(payload, 'garbage'), 400, invalid);
    expectJson(await deliver(payload, undefined), 400, {
      message: 'The Stripe-Signature header is missing.',
    });
    expect(await status(started.sessionId)).toBe('open');
    expect(await companyPlan(started.owner)).toBe('free');
  });

  it('waits for the money: an unpaid completion is ignored until async_payment_succeeded', async () => {
    const started = await startStarterCheckout();
    const unpaid = stripeEvent('checkout.session.completed', started, { payment_status: 'unpaid' });
    expectJson(await deliver(unpaid, sign(unpaid)), 200, { received: true });
    expect(await status(started.sessionId)).toBe('open');
    const paid = stripeEvent('checkout.session.async_payment_succeeded', started);
    await deliver(paid, sign(paid));
    expect(await status(started.sessionId)).toBe('complete');
    expect(await companyPlan(started.owner)).toBe('starter');
  });

  it('marks the session expired on checkout.session.expired', async () => {
    const started = await startStarterCheckout();
    const payload = stripeEvent('checkout.session.expired', started, {
      status: 'expired',
      payment_status: 'unpaid',
    });
    expectJson(await deliver(payload, sign(payload)), 200, { received: true });
    expect(await status(started.sessionId)).toBe('expired');
    expect(await companyPlan(started.owner)).toBe('free');
  });

  it('honours a payment that arrives after our own clock expired the session', async () => {
    const started = await startStarterCheckout();
    const { checkoutSessions } = app.db.schema;
    await app.db.orm
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(checkoutSessions.id, started.sessionId));
    expect(await status(started.sessionId)).toBe('expired');
    const payload = stripeEvent('checkout.session.completed', started);
    await deliver(payload, sign(payload));
    expect(await status(started.sessionId)).toBe('complete');
    expect(await companyPlan(started.owner)).toBe('starter');
  });

  it('ignores other events, unknown sessions and sessions Stripe knows by another id', async () => {
    const started = await startStarterCheckout();
    const other = stripeEvent('payment_intent.succeeded', started);
    expectJson(await deliver(other, sign(other)), 200, { received: true });
    const unknown = stripeEvent('checkout.session.completed', {
      ...started,
      sessionId: `cs_${'z'.repeat(32)}`,
      externalId: 'cs_test_unknown',
    });
    expectJson(await deliver(unknown, sign(unknown)), 200, { received: true });
    const mismatched = stripeEvent('checkout.session.completed', { ...started, externalId: 'cs_test_other' });
    expectJson(await deliver(mismatched, sign(mismatched)), 200, { received: true });
    expect(await status(started.sessionId)).toBe('open');
  });

  it('needs no XSRF header even from a client with cookies, and sets none', async () => {
    const started = await startStarterCheckout();
    const payload = stripeEvent('checkout.session.completed', started);
    const response = await deliver(payload, sign(payload), { cookie: 'XSRF-TOKEN=abc' });
    expectJson(response, 200, { received: true });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('is 415 for a body that is not JSON, and leaves the other routes parsing JSON as before', async () => {
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    const owner = await newOwner(app, mailer);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/checkout`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"plan_id": ',
    });
    expectJson(bad, 400, { message: 'The request body is not valid JSON.' });
  });
});
