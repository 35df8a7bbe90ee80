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

test('the docs page and its YAML load, with the security headers and no cookie', async () => {
  const page = await t.app.inject({ url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('swagger-ui');
  expect(page.headers['content-security-policy']).toBeDefined();
  expect(page.headers['set-cookie']).toBeUndefined();
  const yaml = await t.app.inject({ url: '/api/docs/yaml' });
  expect(yaml.statusCode).toBe(200);
  expect(yaml.body).toContain('openapi: 3.1.0');
});
