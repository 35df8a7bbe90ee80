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
