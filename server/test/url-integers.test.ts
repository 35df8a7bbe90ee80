import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAdmin, signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { createKey, newOwner, type Owner } from './support/stats-api';

// docs/api.md "Conventions": an id in a path is a positive integer below 2^31, written plainly in decimal; anything else
// names nothing (404), never another id. ajv's coercion read `0x1` and `1e0` as 1 and `1e3` as 1000. The
// same rule holds for integers in query strings, which are 422 on their field.

const t = useTestApp();

interface IdRoute {
  method: string;
  /** The OpenAPI path, e.g. `/api/companies/{id}/api-keys/{key_id}`. */
  path: string;
  ids: string[];
}

/** Every route of the OpenAPI document with an integer path parameter: nothing can be left out. */
async function idRoutes(): Promise<IdRoute[]> {
  const spec = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string; schema: { type?: string } }[] }>
    >;
  }>();
  return Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const ids = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' && parameter.schema.type === 'integer')
        .map((parameter) => parameter.name);
      return ids.length > 0 ? [{ method: method.toUpperCase(), path, ids }] : [];
    }),
  );
}

// Every kind of id is 1 in this file's fresh database (the first user, company, key, post, subscriber,
// plan, goal and funnel), so an id read as 1 would reach a row: only the rule keeps these from being
// answered.
const WRITTEN_AS_ONE = ['01', '+1', '1.0', '1e0', '0x1', '%201', '1%20', '0b1', '1.'];
const NOT_IDS = ['1e3', '0', '-1', '2147483648', '99999999999', '1.5', 'abc', '', 'Infinity', 'NaN'];

let owner: Owner;
let admin: SignedInAdmin;
let key: string;
let routes: IdRoute[];

beforeAll(async () => {
  owner = await newOwner(t.app, t.mailer);
  admin = await signedInAdmin(t.app);
  key = (await createKey(t.app, owner)).secret;
  await t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${owner.companyId}`,
    headers: owner.auth,
    payload: { listed: true },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/blogs',
    headers: admin.auth,
    payload: { title: 'First', body_markdown: 'Text', published: true },
  });
  await t.app.inject({ method: 'POST', url: '/api/subscribe', payload: { email: 'one@example.com' } });
  const goalIds: number[] = [];
  for (const name of ['visit', 'signup']) {
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/goals`,
      headers: owner.auth,
      payload: { name, event_name: name },
    });
    goalIds.push(goal.json().data.id);
  }
  await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/funnels`,
    headers: owner.auth,
    payload: { name: 'Signup', steps: goalIds },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/alert-channels`,
    headers: owner.auth,
    payload: { name: 'Team', kind: 'email', target: 'team@example.com' },
  });
  expect(owner.companyId).toBe(1);
  routes = await idRoutes();
});

function headersFor(path: string): Record<string, string> {
  if (path.startsWith('/api/admin/')) return admin.auth;
  if (path.startsWith('/api/v1/')) return { authorization: `Bearer ${key}` };
  return owner.auth;
}

describe('an id that is not a positive decimal integer below 2^31 is 404 on every route', () => {
  it('finds the routes with id parameters', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    expect(names).toContain('DELETE /api/companies/{id}/api-keys/{key_id}');
    expect(names).toContain('GET /api/v1/stats/{company_id}');
    expect(names).toContain('PATCH /api/admin/plans/{id}');
    expect(routes.length).toBeGreaterThan(25);
  });

  it.each([...WRITTEN_AS_ONE, ...NOT_IDS])('%j in each id position', async (bad) => {
    for (const route of routes) {
      for (const id of route.ids) {
        const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === id ? bad : '1'));
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: headersFor(route.path),
        });
        expect(response.statusCode, `${route.method} ${url}: ${response.body}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found.' });
      }
    }
  });

  it('1 itself is read on each of them (no 404 from the rule)', async () => {
    // The query a route cannot answer without.
    const required: Record<string, string> = {
      '/api/companies/{id}/email-reports/preview': '?kind=weekly',
      '/api/companies/{id}/data': '?from=2020-01-01&to=2020-01-31',
    };
    for (const route of routes.filter((route) => route.method === 'GET')) {
      const url = route.path.replace(/\{(\w+)\}/g, '1') + (required[route.path] ?? '');
      const response = await t.app.inject({ url, headers: headersFor(route.path) });
      expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(200);
    }
  });
});

describe('an integer in a query string is written plainly in decimal too', () => {
  it.each([
    ['/api/listings?page=1e1', 'page'],
    ['/api/listings?per_page=0x10', 'per_page'],
    ['/api/blogs?page=01', 'page'],
    ['/api/blogs?per_page=%2B5', 'per_page'],
    ['/api/companies/1/events/recent?limit=1.0', 'limit'],
  ])('%s is 422 on %s', async (url, field) => {
    const response = await t.app.inject({ url, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      [field]: [`The ${field.replace('_', ' ')} field must be an integer.`],
    });
  });

  it('the analytics limit too, with its own message', async () => {
    const response = await t.app.inject({
      url: '/api/v1/stats/1?limit=010',
      headers: headersFor('/api/v1/'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      limit: ['The limit field must be an integer between 1 and 100.'],
    });
  });

  it('a plain integer out of range still says so', async () => {
    const response = await t.app.inject({ url: '/api/listings?per_page=101&page=-1' });
    expect(response.json().errors).toEqual({
      page: ['The page field must be at least 1.'],
      per_page: ['The per page field must not be greater than 100.'],
    });
  });
});
