import type { AnalyticsDetail } from '@footfall/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { bearer, callStats, createKey, newOwner, STATS } from './support/stats-api';

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const OTHER_COMPANY = { message: 'This API key belongs to another company.' };

const t = useTestApp();

/** The calls the report shows for a company, every endpoint, over the default range. */
async function reportedCalls(owner: { auth: Record<string, string>; companyId: number }): Promise<number> {
  const response = await t.app.inject({
    url: `/api/companies/${owner.companyId}/api-usage`,
    headers: owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ totals: { calls: number } }>().totals.calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/v1/stats/{company_id}', () => {
  it("answers the company's analytics as plain JSON {data}, without envelope or cookie", async () => {
    const owner = await newOwner(t.app, t.mailer, { timezone: 'Europe/Paris' });
    const key = await createKey(t.app, owner);
    const response = await callStats(t.app, owner.companyId, bearer(key), '?period=7d');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    const { data } = response.json<{ data: AnalyticsDetail }>();
    expect(data).toMatchObject({ company_id: owner.companyId, timezone: 'Europe/Paris' });
    expect(data.timeseries).toHaveLength(7);
  });

  it('is 401 Unauthenticated. without a key, with a malformed or unknown one, and with a session token', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const unknown = `ffk_${'a'.repeat(40)}`;
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ffk_',
      `Bearer ${unknown}`,
      `Bearer ${key.secret}x`,
      `Bearer ${key.secret.toUpperCase()}`,
      `Basic ${key.secret}`,
      key.secret,
      owner.auth.authorization,
    ]) {
      const response = await callStats(t.app, owner.companyId, authorization);
      expectJson(response, 401, UNAUTHENTICATED);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(await reportedCalls(owner)).toBe(0);
  });

  it('checks the key before the path: a malformed id is 401 without a key and 404 with one', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    for (const id of ['abc', '0', '-3', '2147483648', '1.5']) {
      expectJson(await callStats(t.app, id, undefined), 401, UNAUTHENTICATED);
      const response = await callStats(t.app, id, bearer(key));
      expectJson(response, 404, { message: 'Not found.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await reportedCalls(owner)).toBe(0);
  });

  it("is 403 with another company's key, whether or not the id exists, and such calls do not count", async () => {
    const owner = await newOwner(t.app, t.mailer);
    const other = await newOwner(t.app, t.mailer);
    const othersKey = await createKey(t.app, other);
    for (const id of [owner.companyId, 2 ** 31 - 1]) {
      const response = await callStats(t.app, id, bearer(othersKey));
      expectJson(response, 403, OTHER_COMPANY);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await reportedCalls(owner)).toBe(0);
    expect(await reportedCalls(other)).toBe(0);
  });

  it('answers a bad query with 422 from the analytics, and counts the call since it passed the key checks', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const response = await callStats(t.app, owner.companyId, bearer(key), '?period=fortnight');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'The given data was invalid.',
      errors: { period: expect.any(Array) },
    });
    expect(await reportedCalls(owner)).toBe(1);
  });

  it('needs no XSRF token and sets no cookie, even when the request carries cookies', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const withCookie = { authorization: bearer(key), cookie: 'XSRF-TOKEN=abc; token=xyz' };
    const read = await t.app.inject({ url: `/api/v1/stats/${owner.companyId}`, headers: withCookie });
    expect(read.statusCode).not.toBe(419);
    expect(read.headers['set-cookie']).toBeUndefined();
    // An unsafe method with cookies and no X-XSRF-TOKEN: no route, but no 419 either.
    const write = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/stats/${owner.companyId}`,
      headers: withCookie,
    });
    expectJson(write, 404, { message: 'Not found.' });
    expect(write.headers['set-cookie']).toBeUndefined();
  });

  it('counts each call per company, local day and endpoint, and reports it before and after the flush', async () => {
    const owner = await newOwner(t.app, t.mailer, { timezone: 'Asia/Tokyo' });
    const key = await createKey(t.app, owner);
    const add = vi.spyOn(t.app.repos.apiCalls, 'add');
    for (let i = 0; i < 5; i++) await callStats(t.app, owner.companyId, bearer(key));
    // No write per call: at most a timer flush happened meanwhile.
    expect(add.mock.calls.length).toBeLessThanOrEqual(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(t.clock.now());
    const expected = {
      data: [{ date: today, endpoint: STATS, count: 5 }],
      totals: { calls: 5, by_endpoint: { [STATS]: 5 } },
    };
    const url = `/api/companies/${owner.companyId}/api-usage`;
    expectJson(await t.app.inject({ url, headers: owner.auth }), 200, expected);
    await t.app.apiCalls.flush();
    expect(await t.app.repos.apiCalls.daily(owner.companyId, today, today)).toEqual([
      { day: today, endpoint: STATS, calls: 5 },
    ]);
    expectJson(await t.app.inject({ url, headers: owner.auth }), 200, expected);
    await callStats(t.app, owner.companyId, bearer(key));
    expect(await reportedCalls(owner)).toBe(6);
  });

  it("sets the key's last use within a minute, without a write per call", async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const lastUsed = async () => {
      await t.app.apiCalls.flush();
      const response = await t.app.inject({
        url: `/api/companies/${owner.companyId}/api-keys`,
        headers: owner.auth,
      });
      return response.json<{ data: { last_used_at: string | null }[] }>().data[0]?.last_used_at;
    };
    expect(await lastUsed()).toBeNull();
    const first = t.clock.now().getTime();
    await callStats(t.app, owner.companyId, bearer(key));
    const recorded = Date.parse((await lastUsed()) ?? '');
    expect(recorded).toBeGreaterThanOrEqual(first);
    expect(recorded).toBeLessThan(first + 5_000);
    const recordUse = vi.spyOn(t.app.repos.apiKeys, 'recordUse');
    t.clock.advance(30_000);
    await callStats(t.app, owner.companyId, bearer(key));
    expect(Date.parse((await lastUsed()) ?? '')).toBe(recorded);
    expect(recordUse.mock.calls.flatMap(([uses]) => uses)).toEqual([]);
    t.clock.advance(30_000);
    const later = t.clock.now().getTime();
    await callStats(t.app, owner.companyId, bearer(key));
    const updated = Date.parse((await lastUsed()) ?? '');
    expect(updated).toBeGreaterThanOrEqual(later);
    expect(updated - Date.now()).toBeLessThan(60_000 + 5_000);
  });

  it('flushes the counts when the app closes', async () => {
    const own = await createTestApp();
    try {
      const owner = await newOwner(own.app, own.mailer);
      const key = await createKey(own.app, owner);
      for (let i = 0; i < 3; i++) await callStats(own.app, owner.companyId, bearer(key));
      const { repos } = own.app;
      await own.app.close();
      const rows = await repos.apiCalls.daily(owner.companyId, '2000-01-01', '2999-12-31');
      expect(rows).toEqual([{ day: expect.any(String), endpoint: STATS, calls: 3 }]);
      expect((await repos.apiKeys.listActive(owner.companyId))[0]?.lastUsedAt).toEqual(expect.any(Date));
    } finally {
      await own.close();
    }
  });

  it('counts a HEAD request as a GET of the same endpoint', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const key = await createKey(t.app, owner);
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/stats/${owner.companyId}`,
      headers: { authorization: bearer(key) },
    });
    expect(head.statusCode).not.toBe(401);
    const report = await t.app.inject({
      url: `/api/companies/${owner.companyId}/api-usage`,
      headers: owner.auth,
    });
    expect(report.json()).toMatchObject({ totals: { calls: 1, by_endpoint: { [STATS]: 1 } } });
  });
});
