import { beforeAll, describe, expect, it } from 'vitest';
import { newIp, useTestApp } from './support/app';
import { bodyOf, TEXT_ROUTES, type TextFixture, textFixture } from './support/text-routes';
import { CHROME_UA, createTrackedCompany, pageview, storedSessions, track } from './support/tracking';

// PostgreSQL refuses a NUL in text and jsonb, and an unpaired surrogate in jsonb; SQLite stores both. Every
// text that comes in is checked against one rule (validation/text.ts), so that both databases answer alike
// and no input reaches a statement that fails. These tests run on both (TEST_DATABASE_URL).

const t = useTestApp();

const RULE = 'must not contain NUL characters or unpaired surrogates';
/** Laravel's attribute name (`company_name` → `company name`), or the parameter as written where the route says so. */
const fieldMessage = (name: string, field: string) =>
  `The ${TEXT_ROUTES[name]?.rawNames ? field : field.replace(/[._]/g, ' ')} field ${RULE}.`;

/** Texts that break the rule: a NUL, an unpaired high and an unpaired low surrogate. */
const BODY_SPOILERS = ['\u0000', '\ud800', '\udc00'];
// A query string carries UTF-8: an unpaired surrogate cannot be percent-encoded, only a NUL can.
const QUERY_SPOILERS = ['\u0000'];

let fixture: TextFixture;
beforeAll(async () => {
  fixture = await textFixture(t.app, t.mailer);
});

function send(name: string, body: Record<string, unknown> | undefined, query: Record<string, string> = {}) {
  const route = TEXT_ROUTES[name];
  if (!route) throw new Error(`no route ${name}`);
  const search = new URLSearchParams(query).toString();
  const headers = { ...route.auth?.(fixture), ...(body && { 'content-type': 'application/json' }) };
  return t.app.inject({
    method: route.method,
    url: `${route.path(fixture)}${search ? `?${search}` : ''}`,
    headers,
    remoteAddress: newIp(),
    ...(body && { payload: JSON.stringify({ ...bodyOf(body), ...route.fixedBody }) }),
  });
}

const bodyCases = Object.entries(TEXT_ROUTES).flatMap(([name, route]) =>
  Object.keys(route.body ?? {}).flatMap((field) => BODY_SPOILERS.map((bad) => [name, field, bad] as const)),
);
const queryCases = Object.entries(TEXT_ROUTES).flatMap(([name, route]) =>
  Object.keys(route.query ?? {}).flatMap((field) => QUERY_SPOILERS.map((bad) => [name, field, bad] as const)),
);

describe('a text that PostgreSQL would refuse is a 422 on its field, on every route', () => {
  it.each(bodyCases)('%s: body field %s with %j', async (name, field, bad) => {
    const route = TEXT_ROUTES[name];
    const body = { ...route?.body, [field]: `${route?.body?.[field]}${bad}` };
    const response = await send(name, body, route?.query);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toContain(fieldMessage(name, field));
  });

  it.each(queryCases)('%s: query field %s with %j', async (name, field, bad) => {
    const route = TEXT_ROUTES[name];
    const query = { ...route?.query, [field]: `${route?.query?.[field]}${bad}` };
    const response = await send(name, route?.body, query);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toContain(fieldMessage(name, field));
  });

  it.each([
    ['a tracking key', '/api/public/companies/%00abc/stats'],
    ['a checkout session id', `/api/billing/sessions/cs_${'a'.repeat(31)}%00`],
    ['a verification link user id', '/api/email/verify/1%00?expires=1&signature=ab'],
    ['an invitation token', '/api/invitations/%00abc'],
  ])('a NUL in %s in the path names nothing: 4xx', async (_name, url) => {
    const response = await t.app.inject({ method: url.includes('verify') ? 'POST' : 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('a tracking key with a NUL is 404 Not found.', async () => {
    const response = await t.app.inject({ url: '/api/public/companies/%00abc/stats' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});

interface Operation {
  parameters?: { in: string; schema: { type?: string | string[] } }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { type?: unknown }> } }> };
}

const takesText = (type: unknown) => type === 'string' || (Array.isArray(type) && type.includes('string'));

it('the table above covers every route whose documented query or JSON body takes text', async () => {
  const spec = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const covered = Object.values(TEXT_ROUTES).map((route) => `${route.method} ${route.path(fixture)}`);
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).some((p) => p.in === 'query' && takesText(p.schema.type));
      const properties = operation.requestBody?.content['application/json']?.schema.properties ?? {};
      const body = Object.values(properties).some(
        (property) =>
          takesText(property.type) || (property as { items?: { type?: unknown } }).items?.type === 'string',
      );
      if (!query && !body) continue;
      const pattern = new RegExp(`^${method.toUpperCase()} ${path.replace(/\{\w+\}/g, '[^/]+')}$`);
      if (!covered.some((route) => pattern.test(route))) missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  expect(missing).toEqual([]);
});

describe('ingestion and imports refuse such texts too', () => {
  const INGEST_FIELDS = ['company', 'url', 'referrer', 'title', 'name', 'language', 'props'] as const;

  it.each(INGEST_FIELDS.flatMap((field) => BODY_SPOILERS.map((bad) => [field, bad] as const)))(
    'an event whose %s holds %j is 400 naming the field',
    async (field, bad) => {
      const company = await createTrackedCompany(t.app);
      const event: Record<string, unknown> = {
        ...pageview(company, 'https://shop.example/a', {
          type: 'event',
          name: 'signup',
          referrer: 'https://b.example/',
        }),
        title: 'Title',
        language: 'fr',
      };
      if (field === 'props') event.props = bad === '\u0000' ? { [`k${bad}`]: 1 } : { k: `v${bad}` };
      else event[field] = `${event[field]}${bad}`;
      const response = await track(t.app, [pageview(company, 'https://shop.example/'), event]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: `Invalid event: [1].${field} ${RULE}.`,
        errors: { [`[1].${field}`]: [`The [1].${field} field ${RULE}.`] },
      });
    },
  );

  it('a UTM value with a NUL in the page URL counts as absent; the event is stored', async () => {
    const company = await createTrackedCompany(t.app);
    const response = await track(
      t.app,
      pageview(company, 'https://shop.example/?utm_source=%00x&utm_medium=m'),
    );
    expect(response.statusCode).toBe(202);
    expect(await storedSessions(t.app, company.id)).toMatchObject([{ utmSource: null, utmMedium: 'm' }]);
  });

  const importLine = (fields: Record<string, unknown>) => ({
    timestamp: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    visitor: 'v1',
    type: 'event',
    name: 'signup',
    url: 'https://engines.example/',
    user_agent: CHROME_UA,
    ...fields,
  });

  it.each([
    ['name', { name: 'a\u0000' }],
    ['url', { url: 'https://engines.example/\ud800' }],
    ['props', { props: { k: 'v\u0000' } }],
    ['visitor', { visitor: 'v\u0000' }],
    ['user_agent', { user_agent: `${CHROME_UA}\u0000` }],
  ])('an NDJSON line whose %s breaks the rule is rejected with a reason', async (field, fields) => {
    const body = [importLine({}), importLine(fields)].map((line) => JSON.stringify(line)).join('\n');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${fixture.owner.companyId}/import`,
      headers: { ...fixture.owner.auth, 'content-type': 'application/x-ndjson' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ stored: 1, rejected: [{ line: 2, reason: `${field} ${RULE}` }] });
  });

  it('a CSV line with a NUL is rejected with a reason', async () => {
    const at = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const body = `timestamp,visitor,type,url,title\n${at},v1,pageview,https://e.example/,Home\n${at},v2,pageview,https://e.example/,A\u0000B\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${fixture.owner.companyId}/import`,
      headers: { ...fixture.owner.auth, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ stored: 1, rejected: [{ line: 3, reason: `title ${RULE}` }] });
  });
});
