import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moveToNoonUtc, newIp, useTestApp } from './support/app';
import {
  botHits,
  CHROME_UA,
  createTrackedCompany,
  GOOGLEBOT_UA,
  INGEST_URL,
  IPHONE_UA,
  pageview,
  storedEvents,
  storedSessions,
  track,
} from './support/tracking';

const t = useTestApp({ env: { INGEST_IP_LIMIT: '50' } });
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('ingestion accepts events', () => {
  it('stores a pageview sent as text/plain and answers 202 with an empty body', async () => {
    const company = await createTrackedCompany(t.app);
    const response = await track(t.app, pageview(company, 'https://shop.example/pricing?x=1#top'));
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');
    const [event] = await storedEvents(t.app, company.id);
    expect(event).toMatchObject({ kind: 1, hostname: 'shop.example', pathname: '/pricing#top', name: null });
  });

  it('stores events sent as application/json, one or a batch of several companies', async () => {
    const [a, b] = [await createTrackedCompany(t.app), await createTrackedCompany(t.app)];
    const batch = [
      pageview(a, 'https://a.example/'),
      {
        company: a.trackingKey,
        type: 'event',
        name: 'signup',
        url: 'https://a.example/',
        props: { plan: 'pro' },
      },
      pageview(b, 'https://b.example/docs'),
    ];
    const response = await track(t.app, batch, { contentType: 'application/json; charset=utf-8' });
    expect(response.statusCode).toBe(202);
    expect(await storedEvents(t.app, a.id)).toMatchObject([
      { kind: 1, pathname: '/' },
      { kind: 2, name: 'signup', props: { plan: 'pro' } },
    ]);
    expect(await storedEvents(t.app, b.id)).toMatchObject([{ kind: 1, pathname: '/docs' }]);
  });

  it('ignores unknown fields and nulls, and engagement fields outside engagement events', async () => {
    const company = await createTrackedCompany(t.app);
    const response = await track(
      t.app,
      pageview(company, 'https://shop.example/', {
        extra: 1,
        title: null,
        engaged_ms: 5000,
        props: { a: null },
      }),
    );
    expect(response.statusCode).toBe(202);
    expect(await storedEvents(t.app, company.id)).toMatchObject([
      { engagedMs: null, scrollDepth: null, props: null },
    ]);
  });

  it('answers a CORS preflight and sends Access-Control-Allow-Origin: * without any cookie', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: INGEST_URL,
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(preflight.headers['access-control-max-age']).toBe('86400');
    const company = await createTrackedCompany(t.app);
    // A cookie without an XSRF header would be 419 elsewhere; ingestion is exempt and never sets one.
    const response = await track(t.app, pageview(company, 'https://shop.example/'), {
      headers: { cookie: 'other=1', origin: 'https://shop.example' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('ingestion across local midnight', () => {
  it('answers a request stamped on the day before the one its company last loaded', async () => {
    const company = await createTrackedCompany(t.app);
    expect((await track(t.app, pageview(company, 'https://shop.example/'))).statusCode).toBe(202);
    // As if it had been received just before midnight and resolved after a request of the new day.
    t.clock.advance(-24 * 60 * 60 * 1000);
    try {
      const late = await track(t.app, pageview(company, 'https://shop.example/late'));
      expect(late.statusCode).toBe(202);
    } finally {
      t.clock.advance(24 * 60 * 60 * 1000);
    }
  });
});

describe('ingestion refuses bad requests in the contract order', () => {
  it('answers 413 for a body over 64 KiB, before looking at its type', async () => {
    const company = await createTrackedCompany(t.app);
    const big = pageview(company, 'https://shop.example/', { title: 'x'.repeat(70_000) });
    expect((await track(t.app, big)).statusCode).toBe(413);
    expect((await track(t.app, big, { contentType: 'application/xml' })).statusCode).toBe(413);
  });

  it('answers 415 for other content types and for none, naming the accepted ones', async () => {
    const company = await createTrackedCompany(t.app);
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      null,
    ]) {
      const response = await track(t.app, pageview(company, 'https://shop.example/'), { contentType });
      expect(response.statusCode, String(contentType)).toBe(415);
      expect(response.json().message).toMatch(/application\/json or text\/plain/);
    }
  });

  it('answers 400 for malformed JSON and for bodies that are not events', async () => {
    for (const body of ['{"company":', '"text"', '[]', '42', JSON.stringify(Array(101).fill({}))]) {
      const response = await track(t.app, body);
      expect(response.statusCode, body.slice(0, 20)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it('names the first bad field with its index, and stores nothing of a batch with one bad event', async () => {
    const company = await createTrackedCompany(t.app);
    const good = pageview(company, 'https://shop.example/');
    const cases: [unknown, string][] = [
      [[good, good, good, { ...good, url: 'ftp://shop.example/' }], '[3].url'],
      [[good, { ...good, type: 'click' }], '[1].type'],
      [[{ ...good, company: undefined }], '[0].company'],
      [{ ...good, type: 'event' }, 'name'],
      [{ ...good, name: 'x'.repeat(121), type: 'event' }, 'name'],
      [{ ...good, screen_width: 20_001 }, 'screen_width'],
      [{ ...good, screen_width: 1.5 }, 'screen_width'],
      [{ ...good, url: `https://shop.example/${'a'.repeat(2000)}` }, 'url'],
      [{ ...good, url: '/relative' }, 'url'],
      [{ ...good, props: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])) }, 'props'],
      [{ ...good, props: { ['k'.repeat(301)]: 1 } }, 'props'],
      [{ ...good, props: { nested: { a: 1 } } }, 'props'],
      [{ ...good, type: 'engagement', engaged_ms: -1 }, 'engaged_ms'],
      [{ ...good, type: 'engagement', scroll_depth: 101 }, 'scroll_depth'],
      [{ ...good, language: 'x'.repeat(36) }, 'language'],
    ];
    for (const [body, field] of cases) {
      const response = await track(t.app, body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message, field).toContain(field);
      expect(Object.keys(response.json().errors ?? {}), field).toEqual([field]);
    }
    expect(await storedEvents(t.app, company.id)).toEqual([]);
  });

  it('ignores engaged_ms and scroll_depth outside engagement events, whatever they hold (docs/api.md "Ingestion")', async () => {
    const company = await createTrackedCompany(t.app);
    const ip = newIp();
    const ignored = [
      { engaged_ms: -1, scroll_depth: 101 },
      { engaged_ms: 86_400_001, scroll_depth: -5 },
      { engaged_ms: 1.5, scroll_depth: 'deep' },
      { engaged_ms: '10', scroll_depth: { a: 1 } },
    ];
    for (const fields of ignored) {
      const response = await track(t.app, pageview(company, 'https://shop.example/', fields), { ip });
      expect(response.statusCode, JSON.stringify(fields)).toBe(202);
    }
    const custom = { type: 'event', name: 'cta', engaged_ms: -1, scroll_depth: 500 };
    expect((await track(t.app, pageview(company, 'https://shop.example/', custom), { ip })).statusCode).toBe(
      202,
    );
    const events = await storedEvents(t.app, company.id);
    expect(events).toHaveLength(5);
    for (const event of events) expect(event).toMatchObject({ engagedMs: null, scrollDepth: null });
    // On an engagement event they still count, and are still checked.
    const ping = pageview(company, 'https://shop.example/', {
      type: 'engagement',
      engaged_ms: 7,
      scroll_depth: 40,
    });
    expect((await track(t.app, ping, { ip })).statusCode).toBe(202);
    expect((await storedEvents(t.app, company.id)).find((event) => event.kind === 3)).toMatchObject({
      engagedMs: 7,
      scrollDepth: 40,
    });
    expect((await track(t.app, { ...ping, engaged_ms: 86_400_001 }, { ip })).statusCode).toBe(400);
    expect((await track(t.app, { ...ping, scroll_depth: '40' }, { ip })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown tracking key, only once the body is valid', async () => {
    const unknown = { company: 'no-such-key', type: 'pageview', url: 'https://shop.example/' };
    expect((await track(t.app, unknown)).statusCode).toBe(404);
    expect((await track(t.app, { ...unknown, url: 'nope' })).statusCode).toBe(400);
  });

  it('answers 202 to bots without storing their events, and counts them per company', async () => {
    const company = await createTrackedCompany(t.app, { domains: ['shop.example'] });
    for (const userAgent of [GOOGLEBOT_UA, '', null, 'Mozilla/5.0 HeadlessChrome/120.0.0.0 Safari/537.36']) {
      // A bot on a foreign host is still just a bot: the bot check comes first.
      const response = await track(
        t.app,
        [pageview(company, 'https://elsewhere.example/'), pageview(company, 'https://shop.example/')],
        { userAgent },
      );
      expect(response.statusCode, String(userAgent)).toBe(202);
    }
    await t.app.ingestion.drain();
    expect(await storedEvents(t.app, company.id)).toEqual([]);
    expect(await botHits(t.app, company.id)).toBe(8);
  });

  it("answers 403 for a hostname outside the company's domains, admitting their subdomains", async () => {
    const company = await createTrackedCompany(t.app, { domains: ['shop.example'] });
    expect((await track(t.app, pageview(company, 'https://shop.example/'))).statusCode).toBe(202);
    expect((await track(t.app, pageview(company, 'https://www.shop.example/'))).statusCode).toBe(202);
    expect((await track(t.app, pageview(company, 'https://evilshop.example/'))).statusCode).toBe(403);
    expect(
      (await track(t.app, [pageview(company, 'https://shop.example/'), pageview(company, 'https://x.test/')]))
        .statusCode,
    ).toBe(403);
    expect(await storedEvents(t.app, company.id)).toHaveLength(2);
    const open = await createTrackedCompany(t.app, { domains: [] });
    expect((await track(t.app, pageview(open, 'https://anything.example/'))).statusCode).toBe(202);
  });

  it('answers 429 with Retry-After once the company is at its monthly quota, not before', async () => {
    const company = await createTrackedCompany(t.app);
    const month = new Date(t.clock.now()).toISOString().slice(0, 7);
    await t.app.db.orm
      .insert(t.app.db.schema.monthlyUsage)
      .values({ companyId: company.id, month, events: 9_998 });
    const batch = Array.from({ length: 5 }, () => pageview(company, 'https://shop.example/'));
    // 9 998 used: the batch is accepted whole although it goes past the quota.
    expect((await track(t.app, batch)).statusCode).toBe(202);
    const refused = await track(t.app, pageview(company, 'https://shop.example/'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/quota/);
    const [usage] = await t.app.db.orm
      .select()
      .from(t.app.db.schema.monthlyUsage)
      .where(eq(t.app.db.schema.monthlyUsage.companyId, company.id));
    expect(usage?.events).toBe(10_003);
  });

  it('answers 429 past the per-IP limit, counting events rather than requests', async () => {
    const company = await createTrackedCompany(t.app);
    const ip = '10.200.0.1';
    const batch = Array.from({ length: 40 }, () => pageview(company, 'https://shop.example/'));
    expect((await track(t.app, batch, { ip })).statusCode).toBe(202);
    const refused = await track(t.app, batch.slice(0, 11), { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await track(t.app, batch.slice(0, 10), { ip })).statusCode).toBe(202);
    t.clock.advance(MINUTE);
    expect((await track(t.app, batch, { ip })).statusCode).toBe(202);
  });
});

describe('ingestion enriches events', () => {
  it('records the source, referrer, UTM, browser, OS, device and language of a visit', async () => {
    const company = await createTrackedCompany(t.app);
    await track(
      t.app,
      pageview(company, 'https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', {
        referrer: 'https://news.ycombinator.com/item?id=1',
        language: 'en-us',
      }),
      { userAgent: IPHONE_UA },
    );
    const [visit] = await storedSessions(t.app, company.id);
    expect(visit).toMatchObject({
      source: 'Hacker News',
      referrer: 'news.ycombinator.com/item',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      browser: 'Mobile Safari',
      os: 'iOS',
      device: 'mobile',
      language: 'en-US',
    });
  });

  it("keeps a visit's source, referrer, UTM and language from its first event", async () => {
    const company = await createTrackedCompany(t.app);
    const ip = newIp();
    await track(
      t.app,
      pageview(company, 'https://shop.example/?utm_campaign=spring', {
        referrer: 'https://www.google.com/',
        language: 'fr',
      }),
      { ip },
    );
    await track(
      t.app,
      pageview(company, 'https://shop.example/next?utm_campaign=other', {
        referrer: 'https://www.bing.com/',
        language: 'de',
      }),
      { ip },
    );
    const visits = await storedSessions(t.app, company.id);
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({
      source: 'Google',
      utmCampaign: 'spring',
      language: 'fr',
      pageviews: 2,
      exitPage: '/next',
    });
  });

  it("takes a visit's language from Accept-Language when the event names none", async () => {
    const company = await createTrackedCompany(t.app);
    const headers = { 'accept-language': 'pt-br,pt;q=0.9,en;q=0.8' };
    await track(t.app, pageview(company, 'https://shop.example/'), { headers });
    await track(t.app, pageview(company, 'https://shop.example/', { language: 'de' }), {
      headers,
      userAgent: IPHONE_UA,
    });
    const languages = (await storedSessions(t.app, company.id)).map((visit) => visit.language).sort();
    expect(languages).toEqual(['de', 'pt-BR']);
  });

  it('uses utm_source without a referrer, and Direct / None without either; internal referrers are none', async () => {
    const company = await createTrackedCompany(t.app, { website: 'https://shop.example' });
    await track(t.app, pageview(company, 'https://shop.example/?utm_source=fb'));
    await track(t.app, pageview(company, 'https://shop.example/', { referrer: 'https://shop.example/cart' }));
    await track(
      t.app,
      pageview(company, 'https://shop.example/', { referrer: 'https://www.blog.example/post/' }),
    );
    const visits = await storedSessions(t.app, company.id);
    expect(visits.map((v) => [v.source, v.referrer])).toEqual([
      ['fb', null],
      ['Direct / None', null],
      ['blog.example', 'blog.example/post'],
    ]);
  });

  it('finds the country of the client address, and stores neither the address nor the user agent', async () => {
    const company = await createTrackedCompany(t.app);
    await track(t.app, pageview(company, 'https://shop.example/'), { ip: '8.8.8.8' });
    const [visit] = await storedSessions(t.app, company.id);
    expect(visit?.country).toBe('US');
    const everything = JSON.stringify([
      await storedEvents(t.app, company.id),
      await storedSessions(t.app, company.id),
    ]);
    expect(everything).not.toContain('8.8.8.8');
    expect(everything).not.toContain('Chrome/142');
  });
});

describe('visitors and visits', () => {
  it('gives one visitor the same id all day and a new one after local midnight', async () => {
    const company = await createTrackedCompany(t.app, { timezone: 'Pacific/Kiritimati' });
    const ip = '10.201.0.1';
    await track(t.app, pageview(company, 'https://shop.example/a'), { ip });
    await track(t.app, pageview(company, 'https://shop.example/b'), { ip });
    await track(t.app, pageview(company, 'https://shop.example/c'), { ip, userAgent: IPHONE_UA });
    t.clock.advance(24 * 60 * MINUTE);
    await track(t.app, pageview(company, 'https://shop.example/d'), { ip });
    const [a, b, c, d] = await storedEvents(t.app, company.id);
    expect(a?.visitorId).toBe(b?.visitorId);
    expect(c?.visitorId).not.toBe(a?.visitorId);
    expect(d?.visitorId).not.toBe(a?.visitorId);
  });

  it('keeps a visit open while events come less than 30 minutes apart, with its pages and counts', async () => {
    moveToNoonUtc(t.clock);
    const company = await createTrackedCompany(t.app);
    const ip = '10.201.0.2';
    await track(t.app, pageview(company, 'https://shop.example/landing'), { ip });
    t.clock.advance(29 * MINUTE);
    await track(
      t.app,
      { company: company.trackingKey, type: 'event', name: 'cta', url: 'https://shop.example/landing' },
      { ip },
    );
    t.clock.advance(MINUTE);
    await track(t.app, pageview(company, 'https://shop.example/pricing'), { ip });
    await track(
      t.app,
      {
        company: company.trackingKey,
        type: 'engagement',
        url: 'https://shop.example/pricing',
        engaged_ms: 4_000,
        scroll_depth: 80,
      },
      { ip },
    );
    t.clock.advance(31 * MINUTE);
    await track(t.app, pageview(company, 'https://shop.example/again'), { ip });
    const visits = await storedSessions(t.app, company.id);
    expect(visits).toMatchObject([
      {
        entryPage: '/landing',
        exitPage: '/pricing',
        pageviews: 2,
        events: 1,
        engagedMs: 4_000,
        isBounce: false,
      },
      { entryPage: '/again', exitPage: '/again', pageviews: 1, events: 0, isBounce: true },
    ]);
    // The test clock is the real one moved forward, so a few real milliseconds pass as well.
    const duration = (visits[0]?.lastActivityAt.getTime() ?? 0) - (visits[0]?.startedAt.getTime() ?? 0);
    expect(duration - 30 * MINUTE).toBeGreaterThanOrEqual(0);
    expect(duration - 30 * MINUTE).toBeLessThan(5_000);
    const events = await storedEvents(t.app, company.id);
    expect(events.find((e) => e.kind === 3)).toMatchObject({ engagedMs: 4_000, scrollDepth: 80 });
    expect(new Set(events.map((e) => e.sessionId)).size).toBe(2);
  });

  it("caps a visit's engaged time at a day, however many maximal pings it reports", async () => {
    // 25 pings of a day each would pass PostgreSQL's 32-bit column and fail the whole group commit.
    const company = await createTrackedCompany(t.app);
    const ip = newIp();
    const ping = {
      company: company.trackingKey,
      type: 'engagement',
      url: 'https://shop.example/',
      engaged_ms: DAY,
    };
    const pings = (count: number) => Array.from({ length: count }, () => ping);
    // 49 events, within the test's limit of 50 a minute per address; the sum passes 2^31 in each batch.
    expect(
      (await track(t.app, [pageview(company, 'https://shop.example/'), ...pings(25)], { ip })).statusCode,
    ).toBe(202);
    expect((await track(t.app, pings(23), { ip })).statusCode).toBe(202);
    expect(await storedSessions(t.app, company.id)).toMatchObject([{ engagedMs: DAY }]);
    expect(await storedEvents(t.app, company.id)).toHaveLength(49);
  });

  it('drops an engagement ping that belongs to no open visit', async () => {
    const company = await createTrackedCompany(t.app);
    const ping = {
      company: company.trackingKey,
      type: 'engagement',
      url: 'https://shop.example/',
      engaged_ms: 10,
    };
    expect((await track(t.app, ping)).statusCode).toBe(202);
    expect(await storedEvents(t.app, company.id)).toEqual([]);
  });

  it('keeps the ids of recent visitors in memory only until they have been idle for 10 to 20 minutes', async () => {
    const company = await createTrackedCompany(t.app);
    await track(t.app, pageview(company, 'https://shop.example/'), {
      ip: '10.201.0.4',
      userAgent: CHROME_UA,
    });
    const recent = t.app.ingestion.deps.visitorIds as unknown as { cache: { size: number } };
    expect(recent.cache.size).toBeGreaterThan(0);
    // Far ahead of any earlier sweep, so this one ages the cache: the visitor moves to the old generation.
    const later = t.clock.now().getTime() + 1_000 * DAY;
    t.app.ingestion.sweep(later);
    t.app.ingestion.sweep(later + 5 * MINUTE);
    expect(recent.cache.size).toBeGreaterThan(0);
    t.app.ingestion.sweep(later + 10 * MINUTE);
    expect(recent.cache.size).toBe(0);
  });

  it('continues open visits after a restart', async () => {
    const company = await createTrackedCompany(t.app);
    const ip = '10.201.0.3';
    await track(t.app, pageview(company, 'https://shop.example/one'), { ip, userAgent: CHROME_UA });
    // A fresh tracker state, as after a restart: only the database knows the visit.
    t.app.ingestion.deps.sessions.sweep(Number.MAX_SAFE_INTEGER);
    await t.app.ingestion.restoreOpenVisits(t.clock.now().getTime());
    await track(t.app, pageview(company, 'https://shop.example/two'), { ip, userAgent: CHROME_UA });
    expect(await storedSessions(t.app, company.id)).toMatchObject([{ pageviews: 2, exitPage: '/two' }]);
  });
});
