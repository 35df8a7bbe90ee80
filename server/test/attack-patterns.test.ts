import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsOf, type CompanyOwner, companyOwner, importRecords } from './support/analytics';
import { useTestApp } from './support/app';

// Patterns run in linear time (docs/api.md "Limits that hold under attack"): a goal's page pattern that a
// backtracking regular expression took minutes over, and contains filters of many alternatives, against
// paths of 2,000 characters, answer within a second; a pattern of more than 20 wildcards is 422.

const t = useTestApp();
const DAY = '2026-03-10';
const PERIOD = `period=custom&from=${DAY}&to=${DAY}`;
// As long as an event's URL allows (2,000 characters with the scheme and host).
const LONG_PATH = `/${'a'.repeat(1960)}`;
let site: CompanyOwner;

const goals = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/companies/${site.companyId}/goals`,
    headers: site.auth,
    payload: body,
  });

beforeAll(async () => {
  t.clock.advance(Date.parse(`${DAY}T15:00:00Z`) - t.clock.now().getTime());
  site = await companyOwner(t.app, t.mailer);
  await importRecords(
    t.app,
    site,
    Array.from({ length: 40 }, (_, i) => ({
      timestamp: `${DAY}T09:${String(i).padStart(2, '0')}:00Z`,
      visitor: `v${i}`,
      type: 'pageview',
      url: `https://patterns.example${i % 2 === 0 ? LONG_PATH : `${LONG_PATH.slice(0, 60 + i)}/b`}`,
    })),
  );
});

describe('page patterns', () => {
  it('refuse more than 20 wildcards and more than 2,000 characters, on page_path', async () => {
    for (const page_path of [`/${'*a'.repeat(21)}`, `/${'**a'.repeat(21)}`, `/${'x'.repeat(2000)}`]) {
      const response = await goals({ name: 'Too much', page_path });
      expect(response.statusCode, page_path.slice(0, 20)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['page_path']);
    }
    expect((await goals({ name: 'Twenty', page_path: `/${'*a'.repeat(20)}` })).statusCode).toBe(201);
  });

  it('match a pathological goal against paths of nearly 2,000 characters in well under a second', async () => {
    const pathological = ['/**a**a**a**a**a**a**b', `/${'**a'.repeat(19)}**b`, `/${'*a'.repeat(19)}*b`];
    for (const page_path of pathological) {
      expect((await goals({ name: page_path.slice(0, 30), page_path })).statusCode).toBe(201);
    }
    // The first answer starts the analytics worker; the timing is of the matching.
    await analyticsOf(t.app, site, 'period=today');
    const started = performance.now();
    const detail = await analyticsOf(t.app, site, PERIOD);
    expect(performance.now() - started).toBeLessThan(1000);
    const rows = detail.goals.filter((goal) => goal.name.startsWith('/'));
    expect(rows.map((row) => row.visitors)).toEqual([20, 20, 0]);
  });

  it('match contains filters of hundreds of alternatives against long paths in well under a second', async () => {
    // A filter's value has at most 2,000 characters: 330 alternatives of `a…c`, then `/B`.
    const alternatives = Array.from({ length: 330 }, (_, i) => `${'a'.repeat(i % 8)}c`).join('|');
    const started = performance.now();
    const detail = await analyticsOf(t.app, site, `${PERIOD}&page=~${encodeURIComponent(alternatives)}|/B`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(detail.summary.visitors).toBe(20);
  });
});
