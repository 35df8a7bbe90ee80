import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { sealedBody, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const URL_SAFE = /^[A-Za-z0-9_-]+$/;
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

const t = useTestApp();

interface Company {
  id: number;
  name: string;
  tracking_key: string;
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A signed-in user and the one company that registration created for them. */
async function owner(fields: Record<string, unknown> = {}) {
  const user = await signedInUser(t.app, t.mailer, fields);
  const response = await get('/api/companies', user.token);
  expect(response.statusCode).toBe(200);
  const [company] = response.json<{ data: Company[] }>().data;
  if (!company) throw new Error('registration created no company');
  return { user, company };
}

const expectedCompany = (overrides: Record<string, unknown> = {}) => ({
  id: expect.any(Number),
  name: 'Analytical Engines',
  website: null,
  domains: [],
  timezone: 'UTC',
  tracking_key: expect.stringMatching(URL_SAFE),
  public_stats: false,
  listed: false,
  description: null,
  logo_url: null,
  plan: 'free',
  retention_days: null,
  plan_retention_days: 365,
  role: 'owner',
  created_at: expect.stringMatching(ISO),
  ...overrides,
});

describe('GET /api/companies', () => {
  it("answers {data: [company]} with exactly the company object's fields and defaults", async () => {
    const user = await signedInUser(t.app, t.mailer);
    const response = await get('/api/companies', user.token);
    expectJson(response, 200, { data: [expectedCompany()] });
    const me = sealedBody<{ companies: { id: number }[] }>(await get('/api/user', user.token));
    expect(response.json<{ data: Company[] }>().data.map((company) => company.id)).toEqual(
      me.companies.map((company) => company.id),
    );
  });

  it('shows the website and time zone given at registration', async () => {
    const { user } = await owner({ website: 'https://engines.example/', timezone: 'Europe/Paris' });
    const response = await get('/api/companies', user.token);
    expectJson(response, 200, {
      data: [
        expectedCompany({
          website: expect.stringMatching(/^https:\/\/engines\.example\/?$/),
          timezone: 'Europe/Paris',
        }),
      ],
    });
  });

  it('is 401 without a token and with a bad one', async () => {
    expectJson(await get('/api/companies'), 401, UNAUTHENTICATED);
    expectJson(await get('/api/companies', 'garbage'), 401, UNAUTHENTICATED);
  });

  it('gives every company its own URL-safe tracking key', async () => {
    const first = await owner();
    const second = await owner();
    for (const { company } of [first, second]) {
      expect(company.tracking_key).toMatch(URL_SAFE);
      expect(encodeURIComponent(company.tracking_key)).toBe(company.tracking_key);
    }
    expect(first.company.tracking_key).not.toBe(second.company.tracking_key);
  });
});

describe('GET /api/companies/{id}', () => {
  it('answers {data: company} for a company of the caller', async () => {
    const { user, company } = await owner();
    expectJson(await get(`/api/companies/${company.id}`, user.token), 200, {
      data: expectedCompany({ id: company.id, tracking_key: company.tracking_key }),
    });
  });

  it("is 403 with a message for another user's company", async () => {
    const { user } = await owner();
    const { company: foreign } = await owner();
    const response = await get(`/api/companies/${foreign.id}`, user.token);
    expectJson(response, 403, { message: expect.stringMatching(/\S/) });
  });

  it('answers a nonexistent id exactly as an existing foreign one, revealing nothing', async () => {
    const { user } = await owner();
    const { company: foreign } = await owner();
    const existing = await get(`/api/companies/${foreign.id}`, user.token);
    for (const id of [999999, 2 ** 31 - 1]) {
      const missing = await get(`/api/companies/${id}`, user.token);
      expect(missing.statusCode).toBe(403);
      expect(missing.body).toBe(existing.body);
      expect(missing.headers['content-type']).toBe(existing.headers['content-type']);
    }
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999'])(
    'is 404 Not found. for the malformed id %s',
    async (id) => {
      const { user } = await owner();
      expectJson(await get(`/api/companies/${id}`, user.token), 404, { message: 'Not found.' });
    },
  );

  it('is 401 without a token', async () => {
    const { company } = await owner();
    expectJson(await get(`/api/companies/${company.id}`), 401, UNAUTHENTICATED);
  });
});

describe('PATCH /api/companies/{id}', () => {
  const patch = (id: number | string, body: unknown, token?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${id}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });

  it("changes the owner's company settings and answers the company, leaving absent fields alone", async () => {
    const { user, company } = await owner({ website: 'https://engines.example/' });
    const response = await patch(
      company.id,
      {
        name: 'Difference Engines',
        domains: ['Engines.Example', 'engines.example', 'docs.engines.example'],
        timezone: 'America/New_York',
        public_stats: true,
        listed: true,
        description: 'Mechanical computing.',
        logo_url: 'https://engines.example/logo.png',
      },
      user.token,
    );
    expectJson(response, 200, {
      data: expectedCompany({
        name: 'Difference Engines',
        website: 'https://engines.example/',
        domains: ['engines.example', 'docs.engines.example'],
        timezone: 'America/New_York',
        public_stats: true,
        listed: true,
        description: 'Mechanical computing.',
        logo_url: 'https://engines.example/logo.png',
      }),
    });
    const again = await get(`/api/companies/${company.id}`, user.token);
    expect(again.json().data.domains).toEqual(['engines.example', 'docs.engines.example']);
  });

  it('clears the website, description and logo sent empty or null, and keeps a name sent empty', async () => {
    const { user, company } = await owner({ website: 'https://engines.example/' });
    await patch(
      company.id,
      { description: 'Mechanical computing.', logo_url: 'https://engines.example/logo.png' },
      user.token,
    );
    const response = await patch(
      company.id,
      { website: '', description: null, logo_url: '   ', name: '' },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: company.name,
      website: null,
      description: null,
      logo_url: null,
    });
  });

  it('answers 422 naming each bad field', async () => {
    const { user, company } = await owner();
    const response = await patch(
      company.id,
      { domains: ['not a host'], timezone: 'Mars/Olympus', website: 'ftp://x.example', public_stats: 'yes' },
      user.token,
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'domains.0',
      'public_stats',
      'timezone',
      'website',
    ]);
  });

  it('applies new allowed domains to ingestion at once', async () => {
    const { user, company } = await owner();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/save-company-visitor-analytics',
        headers: {
          'content-type': 'text/plain',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
        },
        payload: JSON.stringify({
          company: company.tracking_key,
          type: 'pageview',
          url: 'https://other.example/',
        }),
      });
    expect((await send()).statusCode).toBe(202);
    expect((await patch(company.id, { domains: ['engines.example'] }, user.token)).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(403);
  });

  it('is 401 without a token, 403 for a company of someone else, and 404 for a malformed id', async () => {
    const { company } = await owner();
    const stranger = await signedInUser(t.app, t.mailer);
    expectJson(await patch(company.id, { name: 'Mine' }), 401, UNAUTHENTICATED);
    expect((await patch(company.id, { name: 'Mine' }, stranger.token)).statusCode).toBe(403);
    expect((await patch(987_654, { name: 'Mine' }, stranger.token)).statusCode).toBe(403);
    expect((await patch('abc', { name: 'Mine' }, stranger.token)).statusCode).toBe(404);
  });

  it("is 403 for a member who is not the company's owner", async () => {
    const { company } = await owner();
    const member = await signedInUser(t.app, t.mailer);
    await t.app.db.orm
      .insert(t.app.db.schema.memberships)
      .values({ companyId: company.id, userId: member.id, role: 'viewer' });
    const response = await patch(company.id, { name: 'Taken over' }, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/owner/);
  });
});
