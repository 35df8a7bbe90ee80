import { expect, test } from 'vitest';
import { useTestApp } from './support/app';
import { bearer, callStats, createKey, newOwner } from './support/stats-api';

const t = useTestApp();

interface Operation {
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema: { enum?: string[] } }[];
  responses: Record<
    string,
    { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
  >;
}

test('the OpenAPI document describes the stats API from the contract schemas', async () => {
  const response = await t.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['set-cookie']).toBeUndefined();
  const spec = response.json();
  expect(spec).toMatchObject({ openapi: '3.1.0', info: { title: 'Footfall API' } });
  expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });

  const stats = spec.paths['/api/v1/stats/{company_id}'].get as Operation;
  expect(stats.tags).toEqual(['Stats API']);
  expect(stats.security).toEqual([{ apiKey: [] }]);
  const query = Object.fromEntries(
    (stats.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]),
  );
  expect(Object.keys(query)).toEqual(
    expect.arrayContaining(['period', 'from', 'to', 'interval', 'limit', 'page', 'country', 'event']),
  );
  expect(query.period?.schema.enum).toContain('12mo');
  const answer = stats.responses['200']?.content?.['application/json']?.schema.properties?.data as {
    properties: Record<string, unknown>;
  };
  expect(Object.keys(answer.properties)).toEqual(
    expect.arrayContaining(['summary', 'timeseries', 'breakdowns']),
  );

  // Every route of the contract is there, grouped.
  expect(spec.paths['/api/companies/{id}/api-keys'].post.tags).toEqual(['Companies']);
  expect(spec.paths['/api/save-company-visitor-analytics'].post.tags).toEqual(['Tracking']);
  expect(spec.paths['/api/company-visitor-analytics-detail/{id}'].get.tags).toEqual(['Analytics']);
  expect(spec.paths['/api/companies/{id}/events/recent'].get.tags).toEqual(['Tracking']);
  expect(spec.paths['/api/companies/{id}/installation'].get.tags).toEqual(['Tracking']);
});

test('the documented query is only documentation: the analytics parser still reads it, field by field', async () => {
  const owner = await newOwner(t.app, t.mailer);
  const key = await createKey(t.app, owner);
  // ajv would have coerced `limit` and stripped `colour`; the parser refuses both, and the repeated period.
  const response = await callStats(
    t.app,
    owner.companyId,
    bearer(key),
    '?limit=5x&colour=red&period=7d&period=30d',
  );
  expect(response.statusCode).toBe(422);
  expect(Object.keys(response.json().errors).sort()).toEqual(['colour', 'limit', 'period']);
});

test('the two documents answer as outside clients read them: the collected document, as JSON and as YAML', async () => {
  const json = await t.app.inject({ url: '/api/docs/json' });
  expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(json.json()).toEqual(JSON.parse(JSON.stringify(t.app.swagger())));
  const yaml = await t.app.inject({ url: '/api/docs/yaml' });
  expect(yaml.statusCode).toBe(200);
  expect(yaml.headers['content-type']).toBe('application/x-yaml');
  expect(yaml.headers['set-cookie']).toBeUndefined();
  expect(yaml.body).toContain('openapi: 3.1.0');
  expect(yaml.body).toBe(t.app.swagger({ yaml: true }));
  // Neither the page nor its files are operations of the document.
  expect(Object.keys(json.json().paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
});

test("the reference is Footfall's page, with the security headers, no cookie and only this server's files", async () => {
  const page = await t.app.inject({ url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers['set-cookie']).toBeUndefined();
  expect(page.body).toContain('<title>Footfall API</title>');
  expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(page.body).not.toMatch(/fastify/i);
  // No inline script: the policy would refuse it.
  expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

  const references = [...page.body.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((match) => match[1] as string);
  expect(references.length).toBeGreaterThan(5);
  for (const reference of references) expect(reference, reference).toMatch(/^\/(?!\/)/);
  const assets = references.filter((reference) => reference.startsWith('/api/docs/assets/'));
  expect(assets).toEqual(
    expect.arrayContaining([
      '/api/docs/assets/footfall-api.css',
      '/api/docs/assets/theme.js',
      '/api/docs/assets/swagger-ui/swagger-ui-bundle.js',
      '/api/docs/assets/start.js',
      '/api/docs/assets/favicon.svg',
    ]),
  );

  // Each file is served here, and the stylesheet imports Swagger UI's from here too.
  const stylesheet = await t.app.inject({ url: '/api/docs/assets/footfall-api.css' });
  const imports = [...stylesheet.body.matchAll(/@import url\("([^"]+)"\)/g)].map(
    (match) => match[1] as string,
  );
  expect(imports).toEqual(['swagger-ui/swagger-ui.css']);
  for (const asset of [...assets, '/api/docs/assets/swagger-ui/swagger-ui.css']) {
    const response = await t.app.inject({ url: asset });
    expect(response.statusCode, asset).toBe(200);
    expect(response.headers['set-cookie'], asset).toBeUndefined();
    // No stylesheet, font or script of another site (Swagger UI's bundle is proven in the browser, by the
    // end-to-end test's watch on every request: its text holds links to documentation).
    if (!asset.endsWith('-bundle.js')) {
      expect(response.body, asset).not.toMatch(/(?:url\(|@import)\s*["']?(?:https?:)?\/\//);
      expect(response.body, asset).not.toMatch(/fonts\.googleapis|cdn\.|unpkg|jsdelivr/);
    }
  }
  // Swagger UI's bundle travels compressed, and its folder serves nothing else.
  const bundle = await t.app.inject({
    url: '/api/docs/assets/swagger-ui/swagger-ui-bundle.js',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(bundle.headers['content-encoding']).toBe('gzip');
  expect(bundle.rawPayload.length).toBeLessThan(600_000);
  expect((await t.app.inject({ url: '/api/docs/assets/swagger-ui/index.html' })).statusCode).toBe(404);
  expect((await t.app.inject({ url: '/api/docs/assets/swagger-ui/logo.svg' })).statusCode).toBe(404);
});
