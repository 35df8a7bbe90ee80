import type { NewPlan } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { type SignedInAdmin, signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, newOwner, type Owner } from './support/stats-api';

const t = useTestApp();

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const ADMIN_ONLY = { message: 'This action requires an administrator account.' };
const invalid = (field: string, message: string) => ({
  message: 'The given data was invalid.',
  errors: { [field]: [message] },
});

let plans = 0;
async function addPlan(overrides: Partial<NewPlan> = {}) {
  plans += 1;
  const [row] = await t.app.db.orm
    .insert(t.app.db.schema.plans)
    .values({
      slug: `custom-${plans}`,
      name: `Custom ${plans}`,
      priceCents: 1_500,
      currency: 'usd',
      interval: 'month',
      eventsQuota: 50_000,
      apiCallsQuota: 5_000,
      retentionDays: 400,
      features: ['Custom'],
      sortOrder: 100 + plans,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('plan not created');
  return row;
}

async function planId(slug: string): Promise<number> {
  const plan = await t.app.repos.plans.findBySlug(slug);
  if (!plan) throw new Error(`no plan ${slug}`);
  return plan.id;
}

const listPlans = (auth: Record<string, string>) => t.app.inject({ url: '/api/admin/plans', headers: auth });
const patchPlan = (id: number | string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/plans/${id}`, headers: auth, payload: payload as object });
const putCompanyPlan = (companyId: number | string, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/companies/${companyId}/plan`,
    headers: auth,
    payload: payload as object,
  });
const planChanges = (companyId: number | string, auth: Record<string, string>) =>
  t.app.inject({ url: `/api/admin/companies/${companyId}/plan-changes`, headers: auth });

async function companyPlan(owner: Owner): Promise<string> {
  const response = await t.app.inject({ url: `/api/companies/${owner.companyId}`, headers: owner.auth });
  return response.json<{ data: { plan: string } }>().data.plan;
}

async function admin(): Promise<SignedInAdmin> {
  return signedInAdmin(t.app);
}

describe('GET /api/admin/plans', () => {
  it('lists every plan, inactive ones too, with the number of companies on each', async () => {
    const root = await admin();
    const hidden = await addPlan({ active: false });
    const owners = [await newOwner(t.app, t.mailer), await newOwner(t.app, t.mailer)];
    for (const owner of owners) await putCompanyPlan(owner.companyId, root.auth, { plan_id: hidden.id });
    const response = await listPlans(root.auth);
    expectJson(response, 200, { data: expect.any(Array) });
    const { data } = response.json<{ data: { slug: string; companies: number }[] }>();
    expect(data.map((plan) => plan.slug).slice(0, 4)).toEqual(['free', 'starter', 'growth', 'business']);
    expect(data.find((plan) => plan.slug === hidden.slug)).toEqual({
      id: hidden.id,
      slug: hidden.slug,
      name: hidden.name,
      price_cents: 1_500,
      currency: 'usd',
      interval: 'month',
      events_quota: 50_000,
      api_calls_quota: 5_000,
      retention_days: 400,
      features: ['Custom'],
      active: false,
      is_default: false,
      companies: 2,
    });
    expect(data[0]).toMatchObject({ slug: 'free', is_default: true, active: true });
    expect(data.find((plan) => plan.slug === 'business')?.companies).toBe(0);
  });

  it('is 401 without a token and 403 for a user', async () => {
    expectJson(await listPlans({}), 401, UNAUTHENTICATED);
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await listPlans(owner.auth), 403, ADMIN_ONLY);
  });
});

describe('PATCH /api/admin/plans/{id}', () => {
  it('changes the given fields, keeps the others, and withdraws a deactivated plan from sale', async () => {
    const root = await admin();
    const plan = await addPlan();
    const response = await patchPlan(plan.id, root.auth, {
      name: '  Team  ',
      price_cents: 4_900,
      events_quota: 0,
      api_calls_quota: 250,
      retention_days: 3650,
      features: ['Shared dashboards', 'SSO'],
      active: false,
    });
    expectJson(response, 200, {
      data: {
        id: plan.id,
        slug: plan.slug,
        name: 'Team',
        price_cents: 4_900,
        currency: 'usd',
        interval: 'month',
        events_quota: 0,
        api_calls_quota: 250,
        retention_days: 3650,
        features: ['Shared dashboards', 'SSO'],
        active: false,
        is_default: false,
        companies: 0,
      },
    });
    const offered = (await t.app.inject({ url: '/api/plans' })).json<{ data: { id: number }[] }>().data;
    expect(offered.map((listed) => listed.id)).not.toContain(plan.id);

    const unchanged = await patchPlan(plan.id, root.auth, {});
    expect(unchanged.json()).toMatchObject({ data: { name: 'Team', price_cents: 4_900, active: false } });
    const reactivated = await patchPlan(plan.id, root.auth, { active: true, features: [] });
    expect(reactivated.json()).toMatchObject({ data: { active: true, features: [] } });
  });

  it('applies edited quotas at once to the companies on the plan, past any cached copy', async () => {
    const root = await admin();
    const roomy = await addPlan({ apiCallsQuota: 1_000 });
    const owner = await newOwner(t.app, t.mailer);
    expect((await putCompanyPlan(owner.companyId, root.auth, { plan_id: roomy.id })).statusCode).toBe(200);
    const key = await createKey(t.app, owner);
    // Cached now: the key's plan quota, read on this call.
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(200);
    expect((await patchPlan(roomy.id, root.auth, { api_calls_quota: 1 })).statusCode).toBe(200);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(429);
  });

  it('refuses to deactivate the default plan', async () => {
    const root = await admin();
    const free = await planId('free');
    expectJson(
      await patchPlan(free, root.auth, { active: false }),
      422,
      invalid('active', 'The default plan cannot be deactivated.'),
    );
    expect((await patchPlan(free, root.auth, { active: true })).statusCode).toBe(200);
  });

  it('is 422 naming the field for a bad value', async () => {
    const root = await admin();
    const plan = await addPlan();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price_cents: -1 }, 'price_cents', 'The price cents field must be at least 0.'],
      [
        { price_cents: 10_000_001 },
        'price_cents',
        'The price cents field must not be greater than 10000000.',
      ],
      [{ price_cents: 9.5 }, 'price_cents', 'The price cents field must be an integer.'],
      [{ events_quota: -1 }, 'events_quota', 'The events quota field must be at least 0.'],
      [{ api_calls_quota: '10' }, 'api_calls_quota', 'The api calls quota field must be an integer.'],
      [{ retention_days: 0 }, 'retention_days', 'The retention days field must be at least 1.'],
      [{ retention_days: 3651 }, 'retention_days', 'The retention days field must not be greater than 3650.'],
      [{ features: 'SSO' }, 'features', 'The features field must be an array.'],
      [
        { features: Array.from({ length: 13 }, (_, i) => `F${i}`) },
        'features',
        'The features field must not have more than 12 items.',
      ],
      [
        { features: ['x'.repeat(121)] },
        'features.0',
        'The features 0 field must not be greater than 120 characters.',
      ],
      [{ active: 'no' }, 'active', 'The active field must be true or false.'],
      [{ name: 'x'.repeat(61) }, 'name', 'The name field must not be greater than 60 characters.'],
    ];
    for (const [payload, field, message] of cases) {
      expectJson(await patchPlan(plan.id, root.auth, payload), 422, invalid(field, message));
    }
    expect(await t.app.repos.plans.findById(plan.id)).toEqual(plan);
  });

  it('is 404 for an unknown or malformed id, 401 without a token and 403 for a user', async () => {
    const root = await admin();
    expectJson(await patchPlan(999_999, root.auth, { name: 'X' }), 404, { message: 'Not found.' });
    expect((await patchPlan('abc', root.auth, { name: 'X' })).statusCode).toBe(404);
    const plan = await addPlan();
    expectJson(await patchPlan(plan.id, {}, { name: 'X' }), 401, UNAUTHENTICATED);
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await patchPlan(plan.id, owner.auth, { name: 'X' }), 403, ADMIN_ONLY);
    expect((await t.app.repos.plans.findById(plan.id))?.name).toBe(plan.name);
  });
});

describe('PUT /api/admin/companies/{id}/plan', () => {
  it('moves a company to any plan, records the admin, and the new quotas apply at once', async () => {
    const root = await admin();
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(200);
    const capped = await addPlan({ apiCallsQuota: 1, active: false });
    const response = await putCompanyPlan(owner.companyId, root.auth, { plan_id: capped.id });
    expectJson(response, 200, {
      data: {
        company_id: owner.companyId,
        plan_id: capped.id,
        plan: expect.objectContaining({ id: capped.id, slug: capped.slug, api_calls_quota: 1 }),
      },
    });
    expect(await companyPlan(owner)).toBe(capped.slug);
    expect((await callStats(t.app, owner.companyId, bearer(key))).statusCode).toBe(429);
    const [change] = await t.app.repos.planChanges.listForCompany(owner.companyId);
    expect(change).toMatchObject({
      source: 'admin',
      adminId: root.id,
      toPlanId: capped.id,
      checkoutSessionId: null,
    });
  });

  it('is 404 for an unknown or malformed company and 422 for an unknown plan', async () => {
    const root = await admin();
    const starter = await planId('starter');
    expectJson(await putCompanyPlan(999_999, root.auth, { plan_id: starter }), 404, {
      message: 'Not found.',
    });
    expect((await putCompanyPlan('x', root.auth, { plan_id: starter })).statusCode).toBe(404);
    const owner = await newOwner(t.app, t.mailer);
    expectJson(
      await putCompanyPlan(owner.companyId, root.auth, { plan_id: 999_999 }),
      422,
      invalid('plan_id', 'The selected plan id is invalid.'),
    );
    expectJson(
      await putCompanyPlan(owner.companyId, root.auth, {}),
      422,
      invalid('plan_id', 'The plan id field is required.'),
    );
    expect(await companyPlan(owner)).toBe('free');
  });

  it('is 401 without a token and 403 for a user, even the owner', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const payload = { plan_id: await planId('business') };
    expectJson(await putCompanyPlan(owner.companyId, {}, payload), 401, UNAUTHENTICATED);
    expectJson(await putCompanyPlan(owner.companyId, owner.auth, payload), 403, ADMIN_ONLY);
    expect(await companyPlan(owner)).toBe('free');
  });
});

describe('GET /api/admin/companies/{id}/plan-changes', () => {
  it("lists a company's plan changes newest first, plans by slug", async () => {
    const root = await admin();
    const owner = await newOwner(t.app, t.mailer);
    await putCompanyPlan(owner.companyId, root.auth, { plan_id: await planId('growth') });
    t.clock.advance(1_000);
    const checkout = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/checkout`,
      headers: owner.auth,
      payload: { plan_id: await planId('free') },
    });
    expect(checkout.statusCode).toBe(200);
    const response = await planChanges(owner.companyId, root.auth);
    expectJson(response, 200, {
      data: [
        {
          id: expect.any(Number),
          from_plan: 'growth',
          to_plan: 'free',
          source: 'checkout',
          created_at: expect.stringMatching(/Z$/),
        },
        {
          id: expect.any(Number),
          from_plan: 'free',
          to_plan: 'growth',
          source: 'admin',
          created_at: expect.any(String),
        },
      ],
    });
  });

  it('is an empty list for a company that never changed plans, 404 for an unknown one', async () => {
    const root = await admin();
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await planChanges(owner.companyId, root.auth), 200, { data: [] });
    expectJson(await planChanges(999_999, root.auth), 404, { message: 'Not found.' });
    expect((await planChanges('0', root.auth)).statusCode).toBe(404);
  });

  it('is 401 without a token and 403 for a user', async () => {
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await planChanges(owner.companyId, {}), 401, UNAUTHENTICATED);
    expectJson(await planChanges(owner.companyId, owner.auth), 403, ADMIN_ONLY);
  });
});
