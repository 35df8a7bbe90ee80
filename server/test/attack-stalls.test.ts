import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyOwner, companyOwner, DETAIL_URL, importRecords } from './support/analytics';
import { useTestApp } from './support/app';
import { monthOfHistory } from './support/history';
import { slowestHealthDuring } from './support/stall-probe';
import { storedEvents } from './support/tracking';

// One request never stalls the others (docs/api.md "Limits that hold under attack"): a filtered month of
// a site's imported history is computed on an analytics worker while the health check keeps answering
// within 250 ms. Before the workers, the same detail held the request thread for the whole of its scan.

const t = useTestApp();
const EVENTS = 40_000;
let site: CompanyOwner;

beforeAll(async () => {
  site = await companyOwner(t.app, t.mailer);
  await t.app.db.orm.update(t.app.db.schema.plans).set({ retentionDays: 3650 });
  t.app.ingestion.companyChanged(site.companyId);
  await importRecords(t.app, site, monthOfHistory(t.clock.now().getTime(), EVENTS));
}, 120_000);

describe('an import', () => {
  it('leaves the health check answering within 250 ms, and packs the ended days it wrote to', async () => {
    const records = monthOfHistory(t.clock.now().getTime(), 20_000).map((record) => ({
      ...record,
      visitor: `again-${record.visitor}`,
    }));
    const { slowestMs } = await slowestHealthDuring(t.app, () => importRecords(t.app, site, records));
    expect(slowestMs).toBeLessThan(250);
    // Imported days are read as fast as live ones: packed at once, not an hour later.
    const raw = await storedEvents(t.app, site.companyId);
    expect(raw.filter((event) => event.ts.getTime() < t.clock.now().getTime() - 86_400_000)).toEqual([]);
  });
});

describe('a heavy analytics request', () => {
  it('leaves the health check answering within 250 ms', async () => {
    const detail = () =>
      t.app.inject({
        url: `${DETAIL_URL}/${site.companyId}?period=30d&page=~p&compare=previous_period`,
        headers: site.auth,
      });
    const warm = await detail();
    expect(warm.statusCode).toBe(200);
    const { result, slowestMs } = await slowestHealthDuring(t.app, async () => [
      await detail(),
      await detail(),
    ]);
    expect(result.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(slowestMs).toBeLessThan(250);
  });
});

describe('the data of the site', () => {
  it('is exported whole while the health check answers within 250 ms', async () => {
    const { result, slowestMs } = await slowestHealthDuring(t.app, () =>
      t.app.inject({ url: `/api/companies/${site.companyId}/export`, headers: site.auth }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.body.split('\n').filter((line) => line !== '')).toHaveLength(60_000);
    expect(slowestMs).toBeLessThan(250);
  });

  it('is deleted a range of days, then whole with the site, while the health check answers within 250 ms', async () => {
    const day = (back: number) =>
      new Date(t.clock.now().getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(20)}&to=${day(10)}`;
    const deleted = await slowestHealthDuring(t.app, () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/companies/${site.companyId}/data?${range}`,
        headers: site.auth,
      }),
    );
    expect(deleted.result.statusCode, deleted.result.body).toBe(200);
    expect(deleted.result.json().data.events).toBeGreaterThan(10_000);
    expect(deleted.slowestMs).toBeLessThan(250);
    const gone = await slowestHealthDuring(t.app, () =>
      t.app.inject({ method: 'DELETE', url: `/api/companies/${site.companyId}`, headers: site.auth }),
    );
    expect(gone.result.statusCode).toBe(204);
    expect(gone.slowestMs).toBeLessThan(250);
    expect(await storedEvents(t.app, site.companyId)).toEqual([]);
  });
});
