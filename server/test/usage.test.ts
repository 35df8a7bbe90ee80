import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, newMember, newOwner, type Owner, STATS } from './support/stats-api';
import { pageview, track } from './support/tracking';

const NO_ACCESS = { message: 'You do not have access to this company.' };
const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const OTHER = 'GET /api/v1/other';

const t = useTestApp();

/** Moves the app's clock so that it reads `iso` now (tests here only move it forward). */
function setNow(iso: string): void {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

const usage = (companyId: number | string, auth: Record<string, string>) =>
  t.app.inject({ url: `/api/companies/${companyId}/usage`, headers: auth });
const apiUsage = (companyId: number | string, auth: Record<string, string>, query = '') =>
  t.app.inject({ url: `/api/companies/${companyId}/api-usage${query}`, headers: auth });

async function trackingKeyOf(owner: Owner): Promise<string> {
  const company = await t.app.repos.companies.findById(owner.companyId);
  if (!company) throw new Error('no company');
  return company.trackingKey;
}

describe('GET /api/companies/{id}/usage', () => {
  it("answers the calendar month in the company's zone with events and API calls used and the plan's quotas", async () => {
    setNow('2027-06-30T20:00:00Z'); // 08:00 on July 1st in Auckland
    const owner = await newOwner(t.app, t.mailer, { timezone: 'Pacific/Auckland' });
    const trackingKey = await trackingKeyOf(owner);
    for (const path of ['/', '/pricing']) {
      expect(
        (await track(t.app, pageview({ trackingKey }, `https://engines.example${path}`))).statusCode,
      ).toBe(202);
    }
    await t.app.repos.apiCalls.add([
      { companyId: owner.companyId, day: '2027-06-30', endpoint: STATS, calls: 9 },
    ]);
    const key = await createKey(t.app, owner);
    await callStats(t.app, owner.companyId, bearer(key));
    await t.app.apiCalls.flush();
    await callStats(t.app, owner.companyId, bearer(key)); // still in memory
    expectJson(await usage(owner.companyId, owner.auth), 200, {
      data: {
        period_start: '2027-07-01',
        period_end: '2027-07-31',
        events_used: 2,
        events_quota: 10_000,
        api_calls_used: 2,
        api_calls_quota: 1_000,
      },
    });
  });

  it('starts from zero in a new month', async () => {
    setNow('2027-07-31T23:30:00Z');
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    await callStats(t.app, owner.companyId, bearer(key));
    setNow('2027-08-01T00:00:00Z');
    const response = await usage(owner.companyId, owner.auth);
    expect(response.json()).toMatchObject({
      data: { period_start: '2027-08-01', period_end: '2027-08-31', events_used: 0, api_calls_used: 0 },
    });
  });

  it('is open to members, 403 for other companies, 401 without a token and 404 for a malformed id', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const member = await newMember(t.app, t.mailer, owner.companyId);
    expect((await usage(owner.companyId, member.auth)).statusCode).toBe(200);
    const stranger = await newOwner(t.app, t.mailer);
    expectJson(await usage(owner.companyId, stranger.auth), 403, NO_ACCESS);
    expectJson(await usage(owner.companyId, {}), 401, UNAUTHENTICATED);
    expectJson(await usage('abc', owner.auth), 404, { message: 'Not found.' });
  });
});

describe('GET /api/companies/{id}/api-usage', () => {
  it('reports the last 30 days by default, today included, by date then endpoint, with totals', async () => {
    setNow('2027-09-30T12:00:00Z');
    const owner = await newOwner(t.app, t.mailer);
    const other = await newOwner(t.app, t.mailer);
    await t.app.repos.apiCalls.add([
      { companyId: owner.companyId, day: '2027-08-31', endpoint: STATS, calls: 50 },
      { companyId: owner.companyId, day: '2027-09-01', endpoint: STATS, calls: 4 },
      { companyId: owner.companyId, day: '2027-09-01', endpoint: OTHER, calls: 2 },
      { companyId: owner.companyId, day: '2027-10-01', endpoint: STATS, calls: 70 },
      { companyId: other.companyId, day: '2027-09-10', endpoint: STATS, calls: 8 },
    ]);
    const key = await createKey(t.app, owner);
    await callStats(t.app, owner.companyId, bearer(key));
    expectJson(await apiUsage(owner.companyId, owner.auth), 200, {
      data: [
        { date: '2027-09-01', endpoint: OTHER, count: 2 },
        { date: '2027-09-01', endpoint: STATS, count: 4 },
        { date: '2027-09-30', endpoint: STATS, count: 1 },
      ],
      totals: { calls: 7, by_endpoint: { [OTHER]: 2, [STATS]: 5 } },
    });
  });

  it('takes from and to (inclusive); either alone keeps the other default', async () => {
    setNow('2027-10-20T12:00:00Z');
    const owner = await newOwner(t.app, t.mailer);
    await t.app.repos.apiCalls.add(
      ['2027-01-01', '2027-01-31', '2027-02-01', '2027-10-20'].map((day) => ({
        companyId: owner.companyId,
        day,
        endpoint: STATS,
        calls: 1,
      })),
    );
    const dates = async (query: string) =>
      (await apiUsage(owner.companyId, owner.auth, query))
        .json<{ data: { date: string }[] }>()
        .data.map((row) => row.date);
    expect(await dates('?from=2027-01-01&to=2027-01-31')).toEqual(['2027-01-01', '2027-01-31']);
    expect(await dates('?from=2027-01-31&to=2027-01-31')).toEqual(['2027-01-31']);
    expect(await dates('?from=2027-02-01')).toEqual(['2027-02-01', '2027-10-20']);
    expect(await dates('?to=2027-02-01')).toEqual(['2027-01-31', '2027-02-01']);
    expect(await dates('?from=&to=')).toEqual(['2027-10-20']);
  });

  it("dates calls by the company's local day", async () => {
    setNow('2027-11-30T20:00:00Z'); // already December 1st in Tokyo
    const owner = await newOwner(t.app, t.mailer, { timezone: 'Asia/Tokyo' });
    const key = await createKey(t.app, owner);
    await callStats(t.app, owner.companyId, bearer(key));
    await t.app.apiCalls.flush();
    expect((await apiUsage(owner.companyId, owner.auth)).json()).toMatchObject({
      data: [{ date: '2027-12-01', endpoint: STATS, count: 1 }],
    });
  });

  it.each([
    ['from', '?from=2027-02-30', 'The from field must be a valid date.'],
    ['to', '?to=yesterday', 'The to field must be a valid date.'],
    ['from', '?from=20270101', 'The from field must be a valid date.'],
    ['to', '?from=2027-03-02&to=2027-03-01', 'The to field must be a date after or equal to from.'],
  ])('is 422 on %s for %s', async (field, query, message) => {
    const owner = await newOwner(t.app, t.mailer);
    expectJson(await apiUsage(owner.companyId, owner.auth, query), 422, {
      message: 'The given data was invalid.',
      errors: { [field]: [message] },
    });
  });

  it('is open to members, 403 for other companies, 401 without a token and 404 for a malformed id', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const member = await newMember(t.app, t.mailer, owner.companyId);
    expectJson(await apiUsage(owner.companyId, member.auth), 200, {
      data: [],
      totals: { calls: 0, by_endpoint: {} },
    });
    const stranger = await newOwner(t.app, t.mailer);
    expectJson(await apiUsage(owner.companyId, stranger.auth), 403, NO_ACCESS);
    expectJson(await apiUsage(owner.companyId, {}), 401, UNAUTHENTICATED);
    expectJson(await apiUsage('0', owner.auth), 404, { message: 'Not found.' });
  });
});
