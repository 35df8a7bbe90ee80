import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { pageview, track } from './support/tracking';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INVALID = 'The given data was invalid.';

const t = useTestApp();

const post = (payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/admin/listings', headers, payload: payload as object });

async function ownedCompany() {
  const user = await signedInUser(t.app, t.mailer);
  const [company] = await t.app.repos.users.listCompanies(user.id);
  if (!company) throw new Error('registration created no company');
  return { user, company };
}

describe('admin listing routes: authentication', () => {
  it('answer 401 without a token and 403 to a user token', async () => {
    const { user } = await ownedCompany();
    for (const [method, url] of [
      ['GET', '/api/admin/listings'],
      ['POST', '/api/admin/listings'],
      ['DELETE', '/api/admin/listings/1'],
    ] as const) {
      expectJson(await t.app.inject({ method, url }), 401, { message: 'Unauthenticated.' });
      const refused = await t.app.inject({ method, url, headers: user.auth });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('POST /api/admin/listings', () => {
  it('creates an unowned, listed company on the default plan with a tracking key (201)', async () => {
    const { auth } = await signedInAdmin(t.app);
    const response = await post(
      {
        name: 'Corner Bakery',
        website: 'https://bakery.example',
        description: 'Bread every morning',
        logo_url: 'https://bakery.example/logo.png',
        category: 'Food',
      },
      auth,
    );
    expectJson(response, 201, {
      data: {
        id: expect.any(Number),
        name: 'Corner Bakery',
        website: 'https://bakery.example',
        category: 'Food',
        description: 'Bread every morning',
        logo_url: 'https://bakery.example/logo.png',
        listed: true,
        public_stats: false,
        suspended_at: null,
        plan: 'free',
        owner: null,
        members: 0,
        events_this_month: 0,
        created_at: expect.stringMatching(ISO),
      },
    });
    const stored = await t.app.repos.companies.findById(response.json().data.id);
    expect(stored).toMatchObject({ timezone: 'UTC', trackingKey: expect.stringMatching(/^[a-z0-9]{16}$/) });
    // The tracking key works: the company can be tracked once someone is given access to it.
    const tracked = await track(
      t.app,
      pageview(stored as { trackingKey: string }, 'https://bakery.example/'),
    );
    expect(tracked.statusCode).toBe(202);
    const listings = await t.app.inject({ url: '/api/admin/listings?per_page=100', headers: auth });
    expect(listings.json().data.map((row: { id: number }) => row.id)).toContain(stored?.id);
  });

  it('creates an unlisted one when told to', async () => {
    const { auth } = await signedInAdmin(t.app);
    const response = await post({ name: 'Quiet', website: 'https://quiet.example', listed: false }, auth);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ listed: false, category: null, description: null });
  });

  it('attaches the listing to an existing company and lists it (200)', async () => {
    const { auth } = await signedInAdmin(t.app);
    const { company, user } = await ownedCompany();
    const response = await post(
      {
        company_id: company.id,
        name: 'Engines Ltd',
        website: 'https://engines.example',
        category: 'Industry',
      },
      auth,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: company.id,
      name: 'Engines Ltd',
      website: 'https://engines.example',
      category: 'Industry',
      listed: true,
      owner: { id: user.id },
      members: 1,
    });
  });

  it('answers 404 for an unknown company and 422 for a suspended one', async () => {
    const { auth } = await signedInAdmin(t.app);
    const fields = { name: 'X', website: 'https://x.example' };
    expectJson(await post({ ...fields, company_id: 987_654 }, auth), 404, { message: 'Not found.' });
    const { company } = await ownedCompany();
    const { companies } = t.app.db.schema;
    await t.app.db.orm.update(companies).set({ suspendedAt: new Date() }).where(eq(companies.id, company.id));
    expectJson(await post({ ...fields, company_id: company.id }, auth), 422, {
      message: INVALID,
      errors: { company_id: ['A suspended company cannot be listed; lift the suspension first.'] },
    });
  });

  it('requires a name and a website, and valid URLs', async () => {
    const { auth } = await signedInAdmin(t.app);
    expectJson(await post({}, auth), 422, {
      message: INVALID,
      errors: { name: ['The name field is required.'], website: ['The website field is required.'] },
    });
    expectJson(await post({ name: '  ', website: '' }, auth), 422, {
      message: INVALID,
      errors: { name: ['The name field is required.'], website: ['The website field is required.'] },
    });
    expectJson(
      await post(
        { name: 'Bad', website: 'javascript:alert(1)', logo_url: 'ftp://x.example/a.png', company_id: 'x' },
        auth,
      ),
      422,
      {
        message: INVALID,
        errors: {
          company_id: ['The company id field must be an integer.'],
          website: ['The website field must be a valid URL.'],
          logo_url: ['The logo url field must be a valid URL.'],
        },
      },
    );
    expectJson(await post({ name: 'n'.repeat(121), website: 'https://a.example' }, auth), 422, {
      message: INVALID,
      errors: { name: ['The name field must not be greater than 120 characters.'] },
    });
  });
});

describe('GET and DELETE /api/admin/listings', () => {
  it('lists only listed companies, and unlisting keeps the company (204)', async () => {
    const { auth } = await signedInAdmin(t.app);
    const created = await post({ name: 'Soon Gone', website: 'https://gone.example' }, auth);
    const id = created.json().data.id as number;
    const before = await t.app.inject({ url: '/api/admin/listings?per_page=100', headers: auth });
    expect(before.json().data.every((row: { listed: boolean }) => row.listed)).toBe(true);
    expect(before.json().meta).toMatchObject({ page: 1, per_page: 100 });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/listings/${id}`, headers: auth });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const after = await t.app.inject({ url: '/api/admin/listings?per_page=100', headers: auth });
    expect(after.json().data.map((row: { id: number }) => row.id)).not.toContain(id);
    const company = await t.app.inject({ url: `/api/admin/companies/${id}`, headers: auth });
    expect(company.json().data).toMatchObject({ id, listed: false });
  });

  it('answers 404 for unknown or malformed ids and 422 for bad paging', async () => {
    const { auth } = await signedInAdmin(t.app);
    for (const id of ['987654', 'abc', '0']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/listings/${id}`,
        headers: auth,
      });
      expectJson(response, 404, { message: 'Not found.' });
    }
    const response = await t.app.inject({ url: '/api/admin/listings?page=-1', headers: auth });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['page']);
  });
});
