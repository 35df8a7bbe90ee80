import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { pageview, track } from './support/tracking';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INVALID = 'The given data was invalid.';

const t = useTestApp();

interface AdminCompany {
  id: number;
  name: string;
  suspended_at: string | null;
  listed: boolean;
  events_this_month: number;
}

async function adminAuth() {
  return (await signedInAdmin(t.app)).auth;
}

/** A signed-in owner whose company has a searchable, unique name. */
async function owner() {
  const tag = randomBytes(5).toString('hex');
  const user = await signedInUser(t.app, t.mailer, {
    company_name: `Firm ${tag}`,
    website: `https://${tag}.example`,
  });
  const [company] = await t.app.repos.users.listCompanies(user.id);
  if (!company) throw new Error('registration created no company');
  return { user, company, tag };
}

const call = (options: InjectOptions) => t.app.inject(options);

describe('admin company routes: authentication', () => {
  it('answer 401 without a token and 403 to a user token', async () => {
    const { user, company } = await owner();
    for (const [method, url] of [
      ['GET', '/api/admin/companies'],
      ['GET', `/api/admin/companies/${company.id}`],
      ['PATCH', `/api/admin/companies/${company.id}`],
    ] as const) {
      expectJson(await call({ method, url, payload: {} }), 401, { message: 'Unauthenticated.' });
      expectJson(await call({ method, url, headers: user.auth, payload: {} }), 403, {
        message: 'This action requires an administrator account.',
      });
    }
  });
});

describe('GET /api/admin/companies', () => {
  it('lists companies with their owner, members, plan and this month’s events, newest first', async () => {
    const auth = await adminAuth();
    const first = await owner();
    const second = await owner();
    const trackingKey = (await t.app.repos.companies.findById(first.company.id))?.trackingKey as string;
    expect((await track(t.app, pageview({ trackingKey }, 'https://shop.example/'))).statusCode).toBe(202);
    const response = await call({ url: '/api/admin/companies?per_page=100', headers: auth });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: AdminCompany[]; meta: unknown }>();
    const ids = body.data.map((row) => row.id);
    expect(ids.indexOf(second.company.id)).toBeLessThan(ids.indexOf(first.company.id));
    expect(body.meta).toEqual({ page: 1, per_page: 100, total: expect.any(Number) });
    expect(body.data.find((row) => row.id === first.company.id)).toEqual({
      id: first.company.id,
      name: `Firm ${first.tag}`,
      website: `https://${first.tag}.example`,
      category: null,
      description: null,
      logo_url: null,
      listed: false,
      public_stats: false,
      suspended_at: null,
      plan: 'free',
      owner: { id: first.user.id, name: 'Ada Lovelace', email: first.user.email },
      members: 1,
      events_this_month: 1,
      created_at: expect.stringMatching(ISO),
    });
  });

  it('searches the name, the website and the owner address without case, with % taken literally', async () => {
    const auth = await adminAuth();
    const { company, tag, user } = await owner();
    for (const q of [tag.toUpperCase(), `${tag}.EXAMPLE`, user.email.toUpperCase()]) {
      const response = await call({ url: `/api/admin/companies?q=${encodeURIComponent(q)}`, headers: auth });
      expect(response.json().data.map((row: AdminCompany) => row.id)).toEqual([company.id]);
    }
    const wildcard = await call({ url: '/api/admin/companies?q=%25%25%25', headers: auth });
    expect(wildcard.json()).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  });

  it('filters by listed and suspended and pages through the result', async () => {
    const auth = await adminAuth();
    const listed = await owner();
    const suspended = await owner();
    await call({
      method: 'PATCH',
      url: `/api/admin/companies/${listed.company.id}`,
      headers: auth,
      payload: { listed: true },
    });
    await call({
      method: 'PATCH',
      url: `/api/admin/companies/${suspended.company.id}`,
      headers: auth,
      payload: { suspended: true },
    });
    const ids = async (query: string) =>
      (await call({ url: `/api/admin/companies?per_page=100&${query}`, headers: auth }))
        .json()
        .data.map((row: AdminCompany) => row.id);
    expect(await ids('listed=true')).toContain(listed.company.id);
    expect(await ids('listed=true')).not.toContain(suspended.company.id);
    expect(await ids('suspended=true')).toEqual(expect.arrayContaining([suspended.company.id]));
    expect(await ids('suspended=false')).not.toContain(suspended.company.id);
    const paged = await call({ url: '/api/admin/companies?page=2&per_page=1', headers: auth });
    expect(paged.json().meta).toMatchObject({ page: 2, per_page: 1 });
    expect(paged.json().data).toHaveLength(1);
  });

  it('refuses bad paging and filters with 422 naming the field', async () => {
    const auth = await adminAuth();
    for (const [query, field] of [
      ['page=0', 'page'],
      ['per_page=101', 'per_page'],
      ['per_page=abc', 'per_page'],
      ['listed=maybe', 'listed'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const response = await call({ url: `/api/admin/companies?${query}`, headers: auth });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
});

describe('GET /api/admin/companies/{id}', () => {
  it('answers one company, and 404 for an unknown or malformed id', async () => {
    const auth = await adminAuth();
    const { company } = await owner();
    const response = await call({ url: `/api/admin/companies/${company.id}`, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: company.id, plan: 'free', members: 1 });
    for (const id of ['987654', 'abc', '0', '-1', '99999999999']) {
      expectJson(await call({ url: `/api/admin/companies/${id}`, headers: auth }), 404, {
        message: 'Not found.',
      });
    }
  });
});

describe('PATCH /api/admin/companies/{id}', () => {
  const patch = (id: number | string, payload: unknown, headers: Record<string, string>) =>
    call({ method: 'PATCH', url: `/api/admin/companies/${id}`, headers, payload: payload as object });

  it('edits the listing fields and clears them with an empty string or null', async () => {
    const auth = await adminAuth();
    const { company } = await owner();
    const edited = await patch(
      company.id,
      {
        name: '  Renamed  ',
        website: 'https://renamed.example',
        description: 'Makes engines',
        logo_url: 'https://cdn.example/logo.png',
        category: 'Software',
        listed: true,
      },
      auth,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Renamed',
      website: 'https://renamed.example',
      description: 'Makes engines',
      logo_url: 'https://cdn.example/logo.png',
      category: 'Software',
      listed: true,
    });
    const cleared = await patch(
      company.id,
      { website: '', description: null, logo_url: ' ', category: null },
      auth,
    );
    expect(cleared.json().data).toMatchObject({
      name: 'Renamed',
      website: null,
      description: null,
      logo_url: null,
      category: null,
      listed: true,
    });
  });

  it('suspends (unlisting) and lifts a suspension', async () => {
    const auth = await adminAuth();
    const { company } = await owner();
    await patch(company.id, { listed: true }, auth);
    const suspended = await patch(company.id, { suspended: true }, auth);
    expect(suspended.json().data).toMatchObject({ suspended_at: expect.stringMatching(ISO), listed: false });
    const since = suspended.json().data.suspended_at;
    const again = await patch(company.id, { suspended: true }, auth);
    expect(again.json().data.suspended_at).toBe(since);
    expectJson(await patch(company.id, { listed: true }, auth), 422, {
      message: INVALID,
      errors: { listed: ['A suspended company cannot be listed; lift the suspension first.'] },
    });
    const lifted = await patch(company.id, { suspended: false, listed: true }, auth);
    expect(lifted.json().data).toMatchObject({ suspended_at: null, listed: true });
  });

  it('answers 422 naming each bad field, 404 for unknown ids, 400 and 415 for bad bodies', async () => {
    const auth = await adminAuth();
    const { company } = await owner();
    expectJson(
      await patch(
        company.id,
        { name: '', website: 'ftp://files.example', logo_url: 'nope', listed: 'yes' },
        auth,
      ),
      422,
      {
        message: INVALID,
        errors: {
          website: ['The website field must be a valid URL.'],
          logo_url: ['The logo url field must be a valid URL.'],
          listed: ['The listed field must be true or false.'],
        },
      },
    );
    expectJson(await patch(company.id, { name: '' }, auth), 422, {
      message: INVALID,
      errors: { name: ['The name field is required.'] },
    });
    const long = await patch(company.id, { description: 'x'.repeat(2001), category: 'c'.repeat(61) }, auth);
    expect(Object.keys(long.json().errors).sort()).toEqual(['category', 'description']);
    expectJson(await patch(987_654, { listed: true }, auth), 404, { message: 'Not found.' });
    expectJson(await patch('abc', { listed: true }, auth), 404, { message: 'Not found.' });
    const malformed = await call({
      method: 'PATCH',
      url: `/api/admin/companies/${company.id}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expectJson(malformed, 400, { message: 'The request body is not valid JSON.' });
    const text = await call({
      method: 'PATCH',
      url: `/api/admin/companies/${company.id}`,
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(text.statusCode).toBe(415);
  });
});
