import { describe, expect, it } from 'vitest';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { analyticsOf, type CompanyOwner, companyOwner, importRecords } from './support/analytics';
import { moveToNoonUtc, useTestApp } from './support/app';
import { teammate } from './support/teams';

// Deleting a range of days (docs/api.md "Data control"): the analytics afterwards are those of a site that
// never had those days, whether the days were packed, raw or only rolled up.

const t = useTestApp();
const ZONE = 'America/New_York';
const DAY = 86_400_000;
const SITE = 'https://range.example';

/** A local date of the zone, `daysAgo` before the clock's. */
function localDate(daysAgo: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(t.clock.now().getTime() - daysAgo * DAY),
  );
}

/** Two visits a day over the last 20 days (one with a signup and its properties, one from Germany). */
function traffic(skip: (daysAgo: number) => boolean = () => false): Record<string, unknown>[] {
  const now = t.clock.now().getTime();
  const records: Record<string, unknown>[] = [];
  for (let daysAgo = 20; daysAgo >= 0; daysAgo -= 1) {
    if (skip(daysAgo)) continue;
    const at = (minutes: number) =>
      new Date(now - daysAgo * DAY - 3 * 3_600_000 + minutes * 60_000).toISOString();
    records.push(
      {
        timestamp: at(0),
        visitor: `a${daysAgo}`,
        type: 'pageview',
        url: `${SITE}/?utm_source=news`,
        referrer: 'https://www.google.com/',
      },
      { timestamp: at(1), visitor: `a${daysAgo}`, type: 'pageview', url: `${SITE}/pricing` },
      {
        timestamp: at(2),
        visitor: `a${daysAgo}`,
        type: 'event',
        name: 'signup',
        url: `${SITE}/pricing`,
        props: { plan: 'pro' },
      },
      { timestamp: at(5), visitor: `b${daysAgo}`, type: 'pageview', url: `${SITE}/blog`, country: 'DE' },
      {
        timestamp: at(6),
        visitor: `b${daysAgo}`,
        type: 'engagement',
        url: `${SITE}/blog`,
        engaged_ms: 4000,
        scroll_depth: 70,
      },
    );
  }
  return records;
}

function deletion(owner: CompanyOwner, query: string, method: 'GET' | 'DELETE' = 'DELETE') {
  return t.app.inject({
    method,
    url: `/api/companies/${owner.companyId}/data?${query}`,
    headers: owner.auth,
  });
}

const QUERIES = [
  'period=all',
  'period=30d',
  'period=7d&interval=hour',
  'period=all&country=DE',
  'period=all&props_key=plan',
];

describe('deleting a range of days', () => {
  it('leaves the analytics of a site that never had those days, packed and raw days alike', {
    timeout: 120_000,
  }, async () => {
    moveToNoonUtc(t.clock);
    const site = await companyOwner(t.app, t.mailer, ZONE);
    await importRecords(
      t.app,
      site,
      traffic().filter((_, index) => index % 5 < 3),
    );
    await packEndedDays(t.app);
    // The pings and the German visits stay raw, in packed days.
    await importRecords(
      t.app,
      site,
      traffic().filter((_, index) => index % 5 >= 3),
    );
    // The rollups of every day are built before the deletion, so it must forget them.
    await analyticsOf(t.app, site, 'period=all');
    const gone = (daysAgo: number) => daysAgo >= 5 && daysAgo <= 9;
    const never = await companyOwner(t.app, t.mailer, ZONE);
    await importRecords(t.app, never, traffic(gone));

    const query = `from=${localDate(9)}&to=${localDate(5)}`;
    const count = await deletion(site, query, 'GET');
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json().data).toEqual({ from: localDate(9), to: localDate(5), events: 25, visits: 10 });
    // The dry run deleted nothing.
    expect((await analyticsOf(t.app, site, 'period=all')).summary.visits).toBe(42);

    const deleted = await deletion(site, query);
    expect(deleted.json().data).toEqual(count.json().data);
    // The deletion is in the audit log with what it removed; the dry run is not.
    const logged = await t.app.repos.auditEvents.list(
      { companyId: site.companyId, actions: ['data.exported', 'data.deleted_range'] },
      5,
    );
    expect(logged.map((entry) => [entry.action, entry.details])).toEqual([
      ['data.deleted_range', count.json().data],
    ]);
    for (const q of QUERIES) {
      const { company_id: _site, ...after } = await analyticsOf(t.app, site, q);
      const { company_id: _never, ...expected } = await analyticsOf(t.app, never, q);
      expect(after, q).toEqual(expected);
    }
    const series = (await analyticsOf(t.app, site, 'period=30d')).timeseries;
    const day = series.find((point) => point.date === localDate(7));
    expect(day?.visitors).toBe(0);
    expect(series.find((point) => point.date === localDate(4))?.visitors).toBe(2);
    expect(series.find((point) => point.date === localDate(10))?.visitors).toBe(2);
    // Deleting again finds nothing.
    expect((await deletion(site, query, 'GET')).json().data).toMatchObject({ events: 0, visits: 0 });
  });

  it('removes the rolled-up figures that retention left of purged days', async () => {
    const site = await companyOwner(t.app, t.mailer, ZONE);
    await importRecords(t.app, site, traffic());
    await analyticsOf(t.app, site, 'period=all');
    // Retention emptied the days but kept their rollups.
    const { analytics } = t.app.repos;
    await analytics.deleteRaw(site.companyId, 0, t.clock.now().getTime() - 15 * DAY);
    const before = await analyticsOf(t.app, site, 'period=all');
    expect(before.summary.visits).toBe(42);
    await deletion(site, `from=${localDate(25)}&to=${localDate(15)}`);
    expect((await analyticsOf(t.app, site, 'period=all')).summary.visits).toBeLessThan(42);
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', { from: ['The from field must be a date written YYYY-MM-DD.'] }],
    ['from=yesterday&to=2026-01-01', { from: ['The from field must be a date written YYYY-MM-DD.'] }],
    ['from=2026-01-01&to=', { to: ['The to field is required.'] }],
    ['from=2026-03-05&to=2026-03-01', { to: ['The to field must be a date on or after from.'] }],
  ])('refuses %s with 422', async (query, errors) => {
    const site = await companyOwner(t.app, t.mailer);
    const response = await deletion(site, query);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject(errors);
  });

  it('refuses days after today in the site’s zone, and a missing bound', async () => {
    const site = await companyOwner(t.app, t.mailer, ZONE);
    const response = await deletion(site, `from=${localDate(1)}&to=${localDate(-2)}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.to[0]).toContain(`must not be after today (${localDate(0)}`);
    expect((await deletion(site, `from=${localDate(1)}`)).statusCode).toBe(422);
  });

  it('is for the owner alone: 403 for an admin, a viewer and another company', async () => {
    const site = await companyOwner(t.app, t.mailer);
    const query = `from=${localDate(3)}&to=${localDate(1)}`;
    for (const role of ['admin', 'viewer'] as const) {
      const member = await teammate(t.app, t.mailer, site, site.companyId, role);
      const refused = await deletion({ ...site, auth: member.auth }, query);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Only the company's owner can delete its data.");
    }
    const stranger = await companyOwner(t.app, t.mailer);
    expect((await deletion({ ...stranger, companyId: site.companyId }, query)).statusCode).toBe(403);
  });
});
