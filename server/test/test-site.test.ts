import { describe, expect, it } from 'vitest';
import { newIp, useTestApp } from './support/app';
import { expectJson } from './support/expect-json';
import { newMember, newOwner } from './support/stats-api';
import { feed, feedUrl, installation, installationUrl, ownerWithSite, send } from './support/test-site';
import { GOOGLEBOT_UA, IPHONE_UA, track } from './support/tracking';

const t = useTestApp();
const MINUTE = 60_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NO_ACCESS = { message: 'You do not have access to this company.' };
const NOT_FOUND = { message: 'Not found.' };
const INVALID = 'The given data was invalid.';

/** The app's clock now, in epoch milliseconds. */
const now = () => t.clock.now().getTime();
const iso = (ms: number) => new Date(ms).toISOString();
/** A timestamp of the answer, read back within the few milliseconds a request takes. */
const expectAbout = (timestamp: string | null | undefined, ms: number) =>
  expect(Date.parse(timestamp ?? '') - ms).toSatisfy((drift: number) => drift >= 0 && drift < 1_000);

describe('GET /api/companies/{id}/events/recent', () => {
  it('answers the stored events newest first, each with its visit as stored and no visitor internals', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://shop.example' });
    const ip = '8.8.8.8';
    const start = now();
    await send(
      t.app,
      owner.trackingKey,
      'https://shop.example/pricing?utm_source=newsletter&utm_medium=email',
      { referrer: 'https://www.google.com/search?q=x', language: 'fr-fr', screen_width: 1280 },
      { ip },
    );
    t.clock.advance(1_000);
    const custom = { type: 'event', name: 'Signup', props: { plan: 'pro', seats: 3, trial: true } };
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', custom, { ip });
    t.clock.advance(1_000);
    const ping = { type: 'engagement', engaged_ms: 5_000, scroll_depth: 80 };
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', ping, { ip });

    const answer = await feed(t.app, owner);
    const visit = {
      id: expect.any(Number),
      started_at: expect.stringMatching(ISO),
      entry_page: '/pricing',
      source: 'Google',
      referrer: 'google.com/search',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
      country: 'US',
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      language: 'fr-FR',
    };
    const row = (type: string, fields: Record<string, unknown> = {}) => ({
      id: expect.stringMatching(/^\d+-\d+-[123]$/),
      type,
      name: null,
      timestamp: expect.stringMatching(ISO),
      hostname: 'shop.example',
      pathname: '/pricing',
      props: null,
      engaged_ms: null,
      scroll_depth: null,
      test: false,
      visit,
      ...fields,
    });
    expect(answer).toEqual({
      data: [
        row('engagement', { engaged_ms: 5_000, scroll_depth: 80 }),
        row('event', { name: 'Signup', props: custom.props }),
        row('pageview'),
      ],
      meta: { cursor: answer.data[0]?.id, truncated: false },
    });
    const [ping_, event_, pageview_] = answer.data;
    expectAbout(pageview_?.timestamp, start);
    expectAbout(event_?.timestamp, start + 1_000);
    expectAbout(ping_?.timestamp, start + 2_000);
    expect(pageview_?.visit.started_at).toBe(pageview_?.timestamp);
    expect(new Set(answer.data.map((event) => event.visit.id)).size).toBe(1);
    // The screen width as a figure of its own: an id's or a timestamp's digits may hold 1280.
    expect(JSON.stringify(answer)).not.toMatch(/visitor|8\.8\.8\.8|\b1280\b/);
  });

  it('answers, after a cursor, only the events stored since, and keeps the cursor while none arrive', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://shop.example' });
    await send(t.app, owner.trackingKey, 'https://shop.example/a');
    t.clock.advance(1_000);
    await send(t.app, owner.trackingKey, 'https://shop.example/b');
    const first = await feed(t.app, owner);
    expect(first.data.map((event) => event.pathname)).toEqual(['/b', '/a']);
    const cursor = first.meta.cursor ?? '';

    expect(await feed(t.app, owner, `?after=${cursor}`)).toEqual({
      data: [],
      meta: { cursor, truncated: false },
    });
    t.clock.advance(1_000);
    await send(t.app, owner.trackingKey, 'https://shop.example/c');
    await send(t.app, owner.trackingKey, 'https://shop.example/d', {}, { userAgent: IPHONE_UA });
    const next = await feed(t.app, owner, `?after=${cursor}`);
    expect(next.data.map((event) => event.pathname)).toEqual(['/d', '/c']);
    expect(next.meta.cursor).toBe(next.data[0]?.id);
    const afterAnId = await feed(t.app, owner, `?after=${next.data[1]?.id}`);
    expect(afterAnId.data.map((event) => event.pathname)).toEqual(['/d']);
  });

  it('bounds the answer by limit, newest kept, and says when older ones were left out', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    for (const path of ['/1', '/2', '/3']) {
      await send(t.app, owner.trackingKey, `https://shop.example${path}`);
      t.clock.advance(1_000);
    }
    const two = await feed(t.app, owner, '?limit=2');
    expect(two.data.map((event) => event.pathname)).toEqual(['/3', '/2']);
    expect(two.meta).toEqual({ cursor: two.data[0]?.id, truncated: true });
    expect((await feed(t.app, owner, '?limit=3')).meta.truncated).toBe(false);
    expect((await feed(t.app, owner)).data).toHaveLength(3);
  });

  it('shows 50 by default, with distinct ids for the events of one request, which one cursor covers', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const batch = Array.from({ length: 51 }, (_, i) => ({
      company: owner.trackingKey,
      type: 'event',
      name: `click ${i}`,
      url: 'https://shop.example/',
    }));
    expect((await track(t.app, batch)).statusCode).toBe(202);
    const answer = await feed(t.app, owner);
    expect(answer.data).toHaveLength(50);
    expect(answer.meta.truncated).toBe(true);
    expect(new Set(answer.data.map((event) => event.id)).size).toBe(50);
    expect(answer.data.slice(0, 2).map((event) => event.id)).toEqual([
      answer.meta.cursor,
      `${answer.meta.cursor}-2`,
    ]);
    expect((await feed(t.app, owner, `?after=${answer.meta.cursor}`)).data).toEqual([]);
  });

  it('refuses a bad limit or cursor with 422', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const refused = async (query: string, field: string, message: string) =>
      expectJson(await t.app.inject({ url: feedUrl(owner.companyId, query), headers: owner.auth }), 422, {
        message: INVALID,
        errors: { [field]: [message] },
      });
    await refused('?limit=0', 'limit', 'The limit field must be at least 1.');
    await refused('?limit=101', 'limit', 'The limit field must not be greater than 100.');
    await refused('?limit=ten', 'limit', 'The limit field must be an integer.');
    await refused('?limit=2.5', 'limit', 'The limit field must be an integer.');
    await refused('?after=yesterday', 'after', 'The after field is invalid.');
    await refused('?after=1-2-7', 'after', 'The after field is invalid.');
    await refused('?after=1-9999999999999999-1', 'after', 'The after field is invalid.');
    await refused('?after=999999999999999-1-1', 'after', 'The after field is invalid.');
  });

  it('never shows bots, which are not stored, nor the events of another company', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    const other = await ownerWithSite(t.app, t.mailer, {});
    await send(t.app, owner.trackingKey, 'https://shop.example/mine');
    await send(t.app, owner.trackingKey, 'https://shop.example/bot', {}, { userAgent: GOOGLEBOT_UA });
    await send(t.app, other.trackingKey, 'https://other.example/theirs');
    expect((await feed(t.app, owner)).data.map((event) => event.pathname)).toEqual(['/mine']);
    expect((await feed(t.app, other)).data.map((event) => event.pathname)).toEqual(['/theirs']);
  });
});

describe('GET /api/companies/{id}/installation', () => {
  it("counts the last 30 minutes' events per own host, subdomains toward their host; older ones drop out", async () => {
    const site = { website: 'https://www.shop.example', domains: ['shop.example', 'blog.example'] };
    const owner = await ownerWithSite(t.app, t.mailer, site);
    const start = now();
    await send(t.app, owner.trackingKey, 'https://shop.example/');
    await send(t.app, owner.trackingKey, 'https://shop.example/pricing', {}, { ip: newIp() });
    t.clock.advance(10 * MINUTE);
    await send(t.app, owner.trackingKey, 'https://app.shop.example/');
    t.clock.advance(5 * MINUTE);

    const check = await installation(t.app, owner);
    expect(check).toEqual({
      status: 'receiving',
      since: iso(Date.parse(check.checked_at) - 30 * MINUTE),
      checked_at: expect.stringMatching(ISO),
      hosts: [
        {
          host: 'shop.example',
          events: 3,
          last_event_at: check.hosts[0]?.hostnames[0]?.last_event_at,
          hostnames: [
            { hostname: 'app.shop.example', events: 1, last_event_at: expect.stringMatching(ISO) },
            { hostname: 'shop.example', events: 2, last_event_at: expect.stringMatching(ISO) },
          ],
        },
        { host: 'blog.example', events: 0, last_event_at: null, hostnames: [] },
      ],
      other_hosts: [],
    });
    expectAbout(check.checked_at, start + 15 * MINUTE);
    expectAbout(check.hosts[0]?.last_event_at, start + 10 * MINUTE);

    t.clock.advance(20 * MINUTE); // 35 minutes after the first two, 25 after the third
    expect((await installation(t.app, owner)).hosts[0]).toMatchObject({
      events: 1,
      hostnames: [{ events: 1 }],
    });
    t.clock.advance(6 * MINUTE);
    expect(await installation(t.app, owner)).toMatchObject({
      status: 'not-yet',
      hosts: [
        { host: 'shop.example', events: 0, last_event_at: null, hostnames: [] },
        { host: 'blog.example', events: 0 },
      ],
    });
  });

  it("lists hosts outside the company's own apart, and they alone do not make it receiving", async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://shop.example/' });
    await send(t.app, owner.trackingKey, 'http://localhost:3000/');
    await send(t.app, owner.trackingKey, 'http://localhost:3000/about');
    const check = await installation(t.app, owner);
    expect(check).toMatchObject({
      status: 'not-yet',
      hosts: [{ host: 'shop.example', events: 0, last_event_at: null, hostnames: [] }],
      other_hosts: [{ hostname: 'localhost', events: 2, last_event_at: expect.stringMatching(ISO) }],
    });
    await send(t.app, owner.trackingKey, 'https://www.shop.example/');
    expect(await installation(t.app, owner)).toMatchObject({
      status: 'receiving',
      hosts: [{ host: 'shop.example', events: 1, hostnames: [{ hostname: 'www.shop.example', events: 1 }] }],
      other_hosts: [{ hostname: 'localhost', events: 2 }],
    });
  });

  it('counts every host as its own when the company has neither domains nor a website', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, {});
    await send(t.app, owner.trackingKey, 'http://localhost/');
    t.clock.advance(1_000);
    await send(t.app, owner.trackingKey, 'https://a.example/');
    expect(await installation(t.app, owner)).toMatchObject({
      status: 'receiving',
      hosts: [
        { host: 'a.example', events: 1, hostnames: [{ hostname: 'a.example', events: 1 }] },
        { host: 'localhost', events: 1 },
      ],
      other_hosts: [],
    });
  });

  it('says not-yet for a company that has received no events', async () => {
    const owner = await ownerWithSite(t.app, t.mailer, { website: 'https://quiet.example' });
    expect(await installation(t.app, owner)).toMatchObject({
      status: 'not-yet',
      hosts: [{ host: 'quiet.example', events: 0, last_event_at: null, hostnames: [] }],
      other_hosts: [],
    });
    const bare = await newOwner(t.app, t.mailer);
    expect(await installation(t.app, bare)).toMatchObject({ status: 'not-yet', hosts: [], other_hosts: [] });
  });
});

describe('who may read the test-site endpoints', () => {
  it('any member may; another company is 403, no token 401, a malformed id 404', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const member = await newMember(t.app, t.mailer, owner.companyId);
    const stranger = await newOwner(t.app, t.mailer);
    for (const url of [feedUrl, installationUrl]) {
      expect((await t.app.inject({ url: url(owner.companyId), headers: member.auth })).statusCode).toBe(200);
      expectJson(await t.app.inject({ url: url(owner.companyId), headers: stranger.auth }), 403, NO_ACCESS);
      expectJson(await t.app.inject({ url: url(owner.companyId) }), 401, { message: 'Unauthenticated.' });
      expectJson(await t.app.inject({ url: url('abc'), headers: owner.auth }), 404, NOT_FOUND);
      expectJson(await t.app.inject({ url: url(2 ** 31), headers: owner.auth }), 404, NOT_FOUND);
    }
  });
});
