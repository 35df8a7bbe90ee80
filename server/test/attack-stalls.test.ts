import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CompanyOwner,
  companyOwner,
  DETAIL_URL,
  importBody,
  importRawRecords,
  importRecords,
  ndjson,
} from './support/analytics';
import { useTestApp } from './support/app';
import { monthOfHistory } from './support/history';
import { slowestHealthDuring } from './support/stall-probe';
import { storedEvents } from './support/tracking';

// One request never stalls the others (docs/api.md "Limits that hold under attack"): a filtered month of
// a site's imported history is computed on an analytics worker while the health check keeps answering
// within 250 ms. Before the workers, the same detail held the request thread for the whole of its scan:
// busy throughout (the probe's `busy`), in stretches of ~0.3 s at this size and of seconds at 150,000
// events (npm run bench:stall).

const t = useTestApp();
const EVENTS = 40_000;
const AGAIN = 20_000;
const RAW_EVENTS = 20_000;
let site: CompanyOwner;
// A site whose month is still raw, as an import writes it before packing and as today's events are: read in
// one statement, the slowest kind of history to read.
let rawSite: CompanyOwner;

beforeAll(async () => {
  site = await companyOwner(t.app, t.mailer);
  rawSite = await companyOwner(t.app, t.mailer);
  await t.app.db.orm.update(t.app.db.schema.plans).set({ retentionDays: 3650 });
  t.app.ingestion.companyChanged(site.companyId);
  t.app.ingestion.companyChanged(rawSite.companyId);
  await importRecords(t.app, site, monthOfHistory(t.clock.now().getTime(), EVENTS));
  await importRawRecords(t.app, rawSite, monthOfHistory(t.clock.now().getTime(), RAW_EVENTS));
}, 120_000);

describe('an import', () => {
  it('leaves the health check answering within 250 ms, and packs the ended days it wrote to', async () => {
    const records = monthOfHistory(t.clock.now().getTime(), AGAIN).map((record) => ({
      ...record,
      visitor: `again-${record.visitor}`,
    }));
    // The body is written before the probe starts: its writing is the client's work, not the server's.
    const body = ndjson(records);
    const { slowestMs } = await slowestHealthDuring(t.app, () => importBody(t.app, site, body));
    expect(slowestMs).toBeLessThan(250);
    // Imported days are read as fast as live ones: packed at once, not an hour later.
    const raw = await storedEvents(t.app, site.companyId);
    expect(raw.filter((event) => event.ts.getTime() < t.clock.now().getTime() - 86_400_000)).toEqual([]);
  });
});

describe('an import whose lines have all arrived', () => {
  it('lets the health check in between its slices', async () => {
    // Lines already read, and SQLite's writes, never let the event loop turn by themselves: without the
    // import's 20 ms slices this held the request thread 1.4 s (over HTTP, a fast client's body does that).
    const another = await companyOwner(t.app, t.mailer);
    t.app.ingestion.companyChanged(another.companyId);
    const records = monthOfHistory(t.clock.now().getTime(), AGAIN);
    const { result, slowestMs } = await slowestHealthDuring(t.app, () =>
      importRawRecords(t.app, another, records),
    );
    expect(result).toBe(AGAIN);
    expect(slowestMs).toBeLessThan(250);
  });
});

describe('a heavy analytics request', () => {
  it('leaves the health check answering within 250 ms', async () => {
    const detail = (owner: CompanyOwner, query: string) =>
      t.app.inject({ url: `${DETAIL_URL}/${owner.companyId}?${query}`, headers: owner.auth });
    // Today's detail starts the worker and reads nothing of the month: the month's are read cold, as a
    // dashboard's first look at a site's history does.
    expect((await detail(site, 'period=today')).statusCode).toBe(200);
    const { result, slowestMs, busy } = await slowestHealthDuring(t.app, async () => [
      await detail(site, 'period=30d&page=~p&compare=previous_period'),
      await detail(rawSite, 'period=30d&page=~p&compare=previous_period'),
    ]);
    expect(result.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(slowestMs).toBeLessThan(250);
    // Computed on a worker: on the request thread it was busy throughout (and held it ~0.3 s at a time).
    expect(busy).toBeLessThan(0.5);
  });
});

describe('the data of the site', () => {
  it('is exported whole while the health check answers within 250 ms', async () => {
    const { result, slowestMs, busy } = await slowestHealthDuring(t.app, () =>
      t.app.inject({ url: `/api/companies/${site.companyId}/export`, headers: site.auth }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.body.split('\n').filter((line) => line !== '')).toHaveLength(EVENTS + AGAIN);
    expect(slowestMs).toBeLessThan(250);
    expect(busy).toBeLessThan(0.5);
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
