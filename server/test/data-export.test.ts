import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportNdjson, exportStretch } from '../src/data-control/export-lines';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { analyticsOf, type CompanyOwner, companyOwner, importRawRecords } from './support/analytics';
import { dataset, GOAL_POOL, materialize } from './support/analytics-data';
import { moveToNoonUtc, useTestApp } from './support/app';
import { teammate } from './support/teams';

// The export (docs/api.md "Data control"): every stored event as NDJSON in the import's own fields, so that
// an export imported into a fresh site gives the same analytics, whether the events were packed or raw.

const t = useTestApp();
const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

function exportOf(owner: { companyId: number; auth: Record<string, string> }, companyId = owner.companyId) {
  return t.app.inject({ url: `/api/companies/${companyId}/export`, headers: owner.auth });
}

const linesOf = (body: string) =>
  body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Goals of the property tests' pool (revenue included) and a funnel over three of them. */
async function defineConversions(
  owner: CompanyOwner,
): Promise<{ goals: Map<string, number>; funnel: number }> {
  const goals = new Map<string, number>();
  for (const goal of GOAL_POOL) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/goals`,
      headers: owner.auth,
      payload: goal,
    });
    expect(response.statusCode, response.body).toBe(201);
    goals.set(goal.name, response.json().data.id);
  }
  const steps = ['Top level', 'Blog post', 'Signed up'].map((name) => goals.get(name));
  const funnel = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/funnels`,
    headers: owner.auth,
    payload: { name: 'Read then sign up', steps },
  });
  expect(funnel.statusCode, funnel.body).toBe(201);
  return { goals, funnel: funnel.json().data.id };
}

/** The answer without the ids that differ between two sites (goals', funnels' and their steps'). */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'id' && !key.endsWith('_id'))
      .map(([key, inner]) => [key, withoutIds(inner)]),
  );
}

/** Queries with `{goal:NAME}` standing for the site's own goal id. */
const QUERIES = [
  'period=today',
  'period=yesterday',
  'period=yesterday&interval=hour',
  'period=7d',
  'period=7d&interval=hour',
  'period=30d',
  'period=30d&interval=week&compare=previous_period',
  'period=month',
  'period=last_month&interval=week',
  'period=12mo',
  'period=all',
  'period=all&interval=week',
  'period=custom&from={from}&to={to}',
  'period=custom&from={from}&to={to}&interval=month&compare=previous_period',
  'period=all&country=US|DE',
  'period=all&page=/blog*',
  'period=all&source=Google',
  'period=all&utm_source=newsletter',
  'period=all&browser=Chrome&device=mobile',
  'period=30d&os=!iOS',
  'period=all&goal={goal:Signed up}',
  'period=all&goal=!{goal:Blog post}',
  'period=all&props_key=plan',
  'period=all&prop:plan=pro',
  'period=all&entry_page=/&exit_page=/pricing',
  'period=all&referrer=google.com&hostname=docs.shop.example',
  'period=all&event=signup&utm_campaign=spring',
];

describe('the export of a site', () => {
  it('imports back into a fresh site on the same plan and zone with identical analytics', {
    timeout: 180_000,
  }, async () => {
    moveToNoonUtc(t.clock);
    const now = t.clock.now().getTime();
    const source = await companyOwner(t.app, t.mailer, ZONE);
    const visitors = fc.sample(dataset, { seed: 20261127, numRuns: 6 }).flat();
    const more = fc.sample(dataset, { seed: 8, numRuns: 6 }).flat();
    // Half of the visitors are packed into day segments; the other half stay raw, in packed days too.
    // Random data holds engagement pings without a visit, which the import refuses: what is stored counts.
    // (Raw imports: the import route would pack every ended day it wrote to.)
    const importSome = (records: object[]) => importRawRecords(t.app, source, records);
    expect(await importSome(materialize(visitors, now))).toBeGreaterThan(100);
    expect((await packEndedDays(t.app)).days).toBeGreaterThan(5);
    expect(await importSome(materialize(more, now))).toBeGreaterThan(100);
    const sourceConversions = await defineConversions(source);

    const exported = await exportOf(source);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(now));
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="site-${source.companyId}-${today}.ndjson"`,
    );
    const lines = linesOf(exported.body);
    const stored = await t.app.db.orm.select().from(t.app.db.schema.events);
    const packed = await t.app.repos.segments.read(source.companyId, 0, now + DAY);
    const storedCount =
      stored.filter((row) => row.companyId === source.companyId).length +
      packed.reduce((sum, segment) => sum + segment.events, 0);
    expect(lines).toHaveLength(storedCount);
    const times = lines.map((line) => Date.parse(String(line.timestamp)));
    expect(times.slice(1).every((time, index) => time >= (times[index] as number))).toBe(true);
    expect(new Set(lines.map((line) => line.type))).toEqual(new Set(['pageview', 'event', 'engagement']));

    const target = await companyOwner(t.app, t.mailer, ZONE);
    const targetConversions = await defineConversions(target);
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${target.companyId}/import`,
      headers: { ...target.auth, 'content-type': 'application/x-ndjson' },
      payload: exported.body,
    });
    expect(imported.json().data).toEqual({ stored: lines.length, rejected: [] });

    const [sourceNow, targetNow] = await Promise.all([
      analyticsOf(t.app, source, 'period=today'),
      analyticsOf(t.app, target, 'period=today'),
    ]);
    expect(targetNow.realtime).toEqual(sourceNow.realtime);

    const from = new Date(now - 40 * DAY).toISOString().slice(0, 10);
    const to = new Date(now - 3 * DAY).toISOString().slice(0, 10);
    const resolve = (query: string, goals: Map<string, number>) =>
      query
        .replace('{from}', from)
        .replace('{to}', to)
        .replace(/\{goal:([^}]+)\}/g, (_, name: string) => String(goals.get(name)));
    for (const query of QUERIES) {
      // Realtime counts the last five minutes of the wall clock, which moves on while the queries run (for
      // minutes on a slow database): it is compared once, below, with both sites asked at once.
      const { realtime: _before, ...before } = await analyticsOf(
        t.app,
        source,
        resolve(query, sourceConversions.goals),
      );
      const { realtime: _after, ...after } = await analyticsOf(
        t.app,
        target,
        resolve(query, targetConversions.goals),
      );
      expect(withoutIds(after), query).toEqual(withoutIds(before));
    }
    for (const query of ['period=all', 'period=30d&country=US']) {
      const report = async (owner: CompanyOwner, funnel: number) =>
        (
          await t.app.inject({
            url: `/api/companies/${owner.companyId}/funnels/${funnel}/report?${query}`,
            headers: owner.auth,
          })
        ).json();
      expect(withoutIds(await report(target, targetConversions.funnel)), query).toEqual(
        withoutIds(await report(source, sourceConversions.funnel)),
      );
    }
    // The fresh site's own export holds the same lines (events of one millisecond in other visits may
    // swap places, and visitor and visit numbers are the new site's).
    const comparable = (all: Record<string, unknown>[]) =>
      all.map(({ visitor: _v, visit: _n, ...line }) => JSON.stringify(line)).sort();
    expect(comparable(linesOf((await exportOf(target)).body))).toEqual(comparable(lines));
  });

  it('of a site without events is an empty file', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const exported = await exportOf(owner);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toBe('');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="site-\d+-\d{4}-\d\d-\d\d\.ndjson"$/,
    );
  });

  it('is named after the site’s website host', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { website: 'https://Shop.Example/home' },
    });
    const exported = await exportOf(owner);
    expect(exported.headers['content-disposition']).toMatch(
      /filename="shop\.example-\d{4}-\d\d-\d\d\.ndjson"$/,
    );
    const [entry] = await t.app.repos.auditEvents.list(
      { companyId: owner.companyId, actions: ['data.exported'] },
      5,
    );
    expect(entry?.details).toEqual({ filename: expect.stringMatching(/^shop\.example-.*\.ndjson$/) });
  });

  it('is for admins and the owner: 403 for a viewer and for another company, 401 without a token', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const admin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    expect((await exportOf({ ...admin, companyId: owner.companyId })).statusCode).toBe(200);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const refused = await exportOf({ ...viewer, companyId: owner.companyId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the company's owner and admins can export its data.");
    const stranger = await companyOwner(t.app, t.mailer);
    const foreign = await exportOf(stranger, owner.companyId);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You do not have access to this company.');
    expect((await t.app.inject({ url: `/api/companies/${owner.companyId}/export` })).statusCode).toBe(401);
    expect((await exportOf(owner, 0)).statusCode).toBe(404);
  });

  it('reads a long history a day at a time, never all of it at once', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const now = t.clock.now().getTime();
    const records: Record<string, unknown>[] = [];
    for (let day = 12; day >= 1; day -= 1) {
      for (let visitor = 0; visitor < 100; visitor += 1) {
        for (let page = 0; page < 5; page += 1) {
          records.push({
            timestamp: new Date(now - day * DAY + visitor * 60_000 + page * 1000).toISOString(),
            visitor: `v${visitor}`,
            type: 'pageview',
            url: `https://long.example/p${page}`,
          });
        }
      }
    }
    await importRawRecords(t.app, owner, records);
    // Some days packed, the others raw.
    await packEndedDays(t.app);
    await importRawRecords(
      t.app,
      owner,
      records.map((record) => ({ ...record, visitor: `again-${record.visitor}` })),
    );
    // The export's own reads, counted: the same stretches the analytics workers read for the route.
    const { analytics, segments } = t.app.repos;
    const largest = { events: 0, segments: 0 };
    const counted = {
      analytics: {
        ...analytics,
        events: async (...args: Parameters<typeof analytics.events>) => {
          const rows = await analytics.events(...args);
          largest.events = Math.max(largest.events, rows.length);
          return rows;
        },
      },
      segments: {
        ...segments,
        startingIn: async (...args: Parameters<typeof segments.startingIn>) => {
          const rows = await segments.startingIn(...args);
          largest.segments = Math.max(largest.segments, rows.length);
          return rows;
        },
      },
    };
    let text = '';
    for await (const chunk of exportNdjson(
      (after, label) => exportStretch(counted, owner.companyId, after, label),
      owner.companyId,
    )) {
      text += chunk;
    }
    expect(linesOf(text)).toHaveLength(2 * records.length);
    expect(linesOf((await exportOf(owner)).body)).toEqual(linesOf(text));
    expect(largest.events).toBeGreaterThan(0);
    expect(largest.events).toBeLessThanOrEqual(1_000);
    expect(largest.segments).toBeLessThanOrEqual(2);
  });
});
