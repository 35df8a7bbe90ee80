import { TEST_EVENTS_PATH } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { pruneStaleRows } from '../src/scheduler/maintenance';
import { analyticsOf } from './support/analytics';
import { newIp, useTestApp } from './support/app';
import { feed, ownerWithSite } from './support/test-site';
import { GOOGLEBOT_UA, storedEvents, track } from './support/tracking';

// The dashboard's test page sends its events to their own endpoint: stored apart, they show in the test
// page's feed and count in no figure.

const t = useTestApp({ env: { INGEST_IP_LIMIT: '20' } });
const DAY = 24 * 60 * 60 * 1000;
const FRAME = 'http://footfall.test/test-site-frame.html?key=abc';

const sendTest = (body: unknown, options: Parameters<typeof track>[2] = {}) =>
  track(t.app, body, { url: TEST_EVENTS_PATH, ...options });

async function expectTestStored(body: unknown, options: Parameters<typeof track>[2] = {}) {
  const response = await sendTest(body, options);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.body).toBe('');
}

describe('test traffic', () => {
  it('shows in the feed marked as test traffic, with its visit, and counts in no figure', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const before = await analyticsOf(t.app, owner, 'period=today');
    const ip = '8.8.8.8';
    await expectTestStored({ company: owner.trackingKey, type: 'pageview', url: FRAME }, { ip });
    t.clock.advance(1_000);
    const event = { type: 'event', name: 'test_event', props: { source: 'test-site', clicks: 1 } };
    await expectTestStored({ company: owner.trackingKey, url: FRAME, ...event }, { ip });
    t.clock.advance(1_000);
    const outbound = { type: 'event', name: 'Outbound Link: Click', props: { url: 'https://example.com/x' } };
    await expectTestStored({ company: owner.trackingKey, url: FRAME, ...outbound }, { ip });

    const answer = await feed(t.app, owner);
    expect(answer.data.map((row) => [row.type, row.name, row.test])).toEqual([
      ['event', 'Outbound Link: Click', true],
      ['event', 'test_event', true],
      ['pageview', null, true],
    ]);
    expect(answer.data.every((row) => /^\d+-t\d+$/.test(row.id))).toBe(true);
    const [first] = answer.data;
    expect(first?.hostname).toBe('footfall.test');
    expect(first?.pathname).toBe('/test-site-frame.html');
    expect(first?.visit).toMatchObject({
      entry_page: '/test-site-frame.html',
      country: 'US',
      device: 'desktop',
    });
    expect(new Set(answer.data.map((row) => row.visit.id)).size).toBe(1);

    // No figure moves: no stored event, no visitor, no usage, nothing for the installation check.
    expect(await storedEvents(t.app, owner.companyId)).toEqual([]);
    const after = await analyticsOf(t.app, owner, 'period=today');
    expect(after.summary).toEqual(before.summary);
    expect(after.breakdowns.pages).toEqual([]);
    expect(after.realtime.visitors).toBe(0);
    const usage = await t.app.inject({ url: `/api/companies/${owner.companyId}/usage`, headers: owner.auth });
    expect(usage.json().data.events_used).toBe(0);
    const check = await t.app.inject({
      url: `/api/companies/${owner.companyId}/installation`,
      headers: owner.auth,
    });
    expect(check.json().data).toMatchObject({ status: 'not-yet', other_hosts: [] });
  });

  it("merges with the company's real events, newest first, and a cursor moves across both", async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const ip = newIp();
    const key = owner.trackingKey;
    const real = await track(t.app, { company: key, type: 'pageview', url: 'https://shop.example/' }, { ip });
    expect(real.statusCode).toBe(202);
    await expectTestStored({ company: key, type: 'pageview', url: FRAME }, { ip });
    const first = await feed(t.app, owner);
    expect(first.data.map((row) => row.test)).toEqual([true, false]);
    // The same browser's test visit never continues its real one.
    expect(first.data[0]?.visit.id).not.toBe(first.data[1]?.visit.id);

    t.clock.advance(500);
    await expectTestStored({ company: key, type: 'event', name: 'test_event', url: FRAME }, { ip });
    t.clock.advance(500);
    await track(t.app, { company: key, type: 'event', name: 'Signup', url: 'https://shop.example/' }, { ip });
    const since = await feed(t.app, owner, `?after=${first.meta.cursor}`);
    expect(since.data.map((row) => [row.name, row.test])).toEqual([
      ['Signup', false],
      ['test_event', true],
    ]);
    const none = await feed(t.app, owner, `?after=${since.meta.cursor}`);
    expect(none).toEqual({ data: [], meta: { cursor: since.meta.cursor, truncated: false } });
    // A test event's id is a cursor too.
    const fromTestId = await feed(t.app, owner, `?after=${since.data[1]?.id}`);
    expect(fromTestId.data.map((row) => row.name)).toEqual(['Signup']);
    // A test id beyond any stored one is a position like any other, on both databases.
    const oldest = Date.parse(first.data[1]?.timestamp ?? '');
    const beyond = await feed(t.app, owner, `?after=${oldest - 1}-t9007199254740991`);
    expect(beyond.data.map((row) => [row.name, row.test])).toEqual([
      ['Signup', false],
      ['test_event', true],
      ...first.data.map((row) => [row.name, row.test]),
    ]);
    const analytics = await analyticsOf(t.app, owner, 'period=today');
    expect(analytics.summary).toMatchObject({ visits: 1, pageviews: 1, events: 1 });
  });

  it('takes the ingestion rules for input, companies and bots, but no host rule and no quota', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const key = owner.trackingKey;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.companyId}`,
      headers: owner.auth,
      payload: { domains: ['shop.example'] },
    });
    expect(patched.statusCode).toBe(200);
    // The test page is the dashboard's own page, not the company's site: its host is no reason to refuse.
    await expectTestStored({ company: key, type: 'pageview', url: FRAME });

    expect((await sendTest({ company: key, type: 'pageview', url: 'not a url' })).statusCode).toBe(400);
    expect((await sendTest('{')).statusCode).toBe(400);
    expect((await sendTest({ company: 'no-such-key', type: 'pageview', url: FRAME })).statusCode).toBe(404);
    const xml = await sendTest(
      { company: key, type: 'pageview', url: FRAME },
      { contentType: 'application/xml' },
    );
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: expect.stringContaining('Unsupported media type') });

    const shown = (await feed(t.app, owner)).data.length;
    await expectTestStored({ company: key, type: 'pageview', url: FRAME }, { userAgent: GOOGLEBOT_UA });
    expect((await feed(t.app, owner)).data).toHaveLength(shown);
    expect(await storedEvents(t.app, owner.companyId)).toEqual([]);
  });

  it('answers 429 past the per-address limit that ingestion applies', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const ip = newIp();
    const batch = Array.from({ length: 20 }, () => ({
      company: owner.trackingKey,
      type: 'pageview',
      url: FRAME,
    }));
    await expectTestStored(batch, { ip });
    const refused = await sendTest(batch.slice(0, 1), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is pruned by the hourly pass once a day old', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    await expectTestStored({ company: owner.trackingKey, type: 'pageview', url: FRAME });
    t.clock.advance(DAY - 60_000);
    expect((await pruneStaleRows(t.app)).testEvents).toBe(0);
    t.clock.advance(120_000);
    expect((await pruneStaleRows(t.app)).testEvents).toBeGreaterThanOrEqual(1);
    // Read below the API: a day on, the owner's session has ended too.
    expect(await t.app.repos.testEvents.latest(owner.companyId, 10)).toEqual([]);
  });
});
