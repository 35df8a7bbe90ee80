import { beforeEach, describe, expect, it } from 'vitest';
import { decodeSegment } from '../src/storage/segment-codec';
import { signedInUser } from './support/accounts';
import { moveToNoonUtc, useTestApp } from './support/app';
import { CHROME_UA, GOOGLEBOT_UA, storedEvents, storedSessions } from './support/tracking';

const t = useTestApp();

async function owner() {
  const user = await signedInUser(t.app, t.mailer);
  const [company] = (await t.app.inject({ url: '/api/companies', headers: user.auth })).json().data as {
    id: number;
  }[];
  if (!company) throw new Error('no company');
  return { user, companyId: company.id };
}

function post(companyId: number, body: string, contentType: string, auth: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/import`,
    headers: { ...auth, 'content-type': contentType },
    payload: body,
  });
}

// The lines span up to two hours before now: far from midnight, so that they stay on one day.
beforeEach(() => moveToNoonUtc(t.clock));
const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();
const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');

describe('POST /api/companies/{id}/import', () => {
  it('stores NDJSON events with their visits and answers what it stored and rejected, by line', async () => {
    const { user, companyId } = await owner();
    const body = ndjson([
      {
        timestamp: minutesAgo(120),
        visitor: 'v1',
        type: 'pageview',
        url: 'https://engines.example/',
        referrer: 'https://www.google.com/',
        user_agent: CHROME_UA,
        ip: '8.8.8.8',
      },
      {
        timestamp: minutesAgo(110),
        visitor: 'v1',
        type: 'event',
        name: 'signup',
        url: 'https://engines.example/join',
        props: { plan: 'pro' },
      },
      {
        timestamp: minutesAgo(60),
        visitor: 'v1',
        type: 'pageview',
        url: 'https://engines.example/again',
        country: 'fr',
      },
      { timestamp: 'yesterday', visitor: 'v2', type: 'pageview', url: 'https://engines.example/' },
      { timestamp: minutesAgo(5), type: 'pageview', url: 'https://engines.example/' },
    ]).concat(
      '\n{not json\n',
      JSON.stringify({
        timestamp: minutesAgo(5),
        visitor: 'b',
        type: 'pageview',
        url: 'https://engines.example/',
        user_agent: GOOGLEBOT_UA,
      }),
    );
    const response = await post(companyId, body, 'application/x-ndjson', user.auth);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.stored).toBe(3);
    expect(data.rejected.map((r: { line: number }) => r.line)).toEqual([4, 5, 6, 7]);
    expect(data.rejected[0].reason).toMatch(/timestamp/);
    expect(data.rejected[1].reason).toMatch(/visitor/);
    expect(data.rejected[2].reason).toMatch(/JSON/);
    expect(data.rejected[3].reason).toMatch(/bot/);
    const visits = await storedSessions(t.app, companyId);
    expect(visits).toMatchObject([
      {
        entryPage: '/',
        exitPage: '/',
        pageviews: 1,
        events: 1,
        source: 'Google',
        country: 'US',
        browser: 'Chrome',
      },
      { entryPage: '/again', pageviews: 1, country: 'FR', browser: null, source: 'Direct / None' },
    ]);
    const usage = await t.app.repos.tracking.monthlyEvents(
      companyId,
      t.clock.now().toISOString().slice(0, 7),
    );
    expect(usage).toBe(0);
  });

  it('reads CSV with a header row, counting the header as line 1', async () => {
    const { user, companyId } = await owner();
    const csv = [
      'timestamp,visitor,type,url,name,props,screen_width',
      `${minutesAgo(30)},a,pageview,https://engines.example/csv,,,1280`,
      `${minutesAgo(29)},a,event,https://engines.example/csv,"Clicked, twice","{""k"":1}",`,
      `${minutesAgo(28)},a,pageview,not-a-url,,,`,
    ].join('\r\n');
    const response = await post(companyId, csv, 'text/csv', user.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      stored: 2,
      rejected: [{ line: 4, reason: expect.stringMatching(/url/) }],
    });
    expect(await storedEvents(t.app, companyId)).toMatchObject([
      { pathname: '/csv', kind: 1 },
      { name: 'Clicked, twice', props: { k: 1 } },
    ]);
  });

  it('ignores engaged_ms and scroll_depth outside engagement lines, and checks them on engagement lines', async () => {
    const { user, companyId } = await owner();
    const csv = [
      'timestamp,visitor,type,url,engaged_ms,scroll_depth',
      `${minutesAgo(30)},a,pageview,https://engines.example/,-1,101`,
      `${minutesAgo(29)},a,pageview,https://engines.example/b,lots,deep`,
      `${minutesAgo(28)},a,engagement,https://engines.example/b,5000,60`,
      `${minutesAgo(27)},a,engagement,https://engines.example/b,-1,60`,
    ].join('\n');
    const response = await post(companyId, csv, 'text/csv', user.auth);
    expect(response.json().data).toEqual({
      stored: 3,
      rejected: [{ line: 5, reason: 'engaged_ms must be an integer from 0 to 86400000' }],
    });
    expect(await storedEvents(t.app, companyId)).toMatchObject([
      { kind: 1, engagedMs: null, scrollDepth: null },
      { kind: 1, engagedMs: null, scrollDepth: null },
      { kind: 3, engagedMs: 5000, scrollDepth: 60 },
    ]);
  });

  it("gives an imported visitor a different id on each of the company's days, and rejects events past retention", async () => {
    const { user, companyId } = await owner();
    const body = ndjson([
      {
        timestamp: '2026-01-01T10:00:00Z',
        visitor: 'same',
        type: 'pageview',
        url: 'https://engines.example/',
      },
      {
        timestamp: '2026-01-02T10:00:00Z',
        visitor: 'same',
        type: 'pageview',
        url: 'https://engines.example/',
      },
      {
        timestamp: '2001-01-01T10:00:00Z',
        visitor: 'same',
        type: 'pageview',
        url: 'https://engines.example/',
      },
    ]);
    const response = await post(companyId, body, 'application/x-ndjson', user.auth);
    expect(response.json().data.rejected).toEqual([{ line: 3, reason: expect.stringMatching(/retention/) }]);
    // The route packed both days: each day's segment holds the visitor's id of that day.
    const segments = await t.app.repos.segments.read(companyId, 0, Date.parse('2026-01-03T00:00:00Z'));
    const ids = segments.map((segment) => [...decodeSegment(segment.data).visitorIds]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toHaveLength(1);
    expect(ids[0]).not.toEqual(ids[1]);
  });

  it('keeps the visits and visit attributes that lines state, as an export writes them', async () => {
    const { user, companyId } = await owner();
    const stated = {
      source: 'Newsletter',
      referrer: 'https://engines.example/from-our-own-host',
      utm_source: 'spring-mail',
      utm_campaign: 'launch',
      browser: 'Firefox',
      os: 'Linux',
      device: 'tablet',
    };
    const body = ndjson([
      // One visit, although its lines are two hours apart: the file says so.
      {
        timestamp: minutesAgo(150),
        visitor: 'x',
        visit: 7,
        type: 'pageview',
        url: 'https://engines.example/a?utm_source=ignored',
        user_agent: CHROME_UA,
        ...stated,
      },
      {
        timestamp: minutesAgo(30),
        visitor: 'x',
        visit: 7,
        type: 'pageview',
        url: 'https://engines.example/b',
        ...stated,
      },
      // Another visit of the same visitor, within a minute of the one before.
      {
        timestamp: minutesAgo(29),
        visitor: 'x',
        visit: 8,
        type: 'pageview',
        url: 'https://engines.example/c',
      },
      {
        timestamp: minutesAgo(28),
        visitor: 'y',
        visit: 1,
        type: 'engagement',
        url: 'https://engines.example/',
      },
      {
        timestamp: minutesAgo(27),
        visitor: 'y',
        visit: 2,
        type: 'pageview',
        url: 'https://engines.example/',
        device: 'phone',
      },
      {
        timestamp: minutesAgo(26),
        visitor: 'y',
        visit: { id: 1 },
        type: 'pageview',
        url: 'https://engines.example/',
      },
      {
        timestamp: minutesAgo(25),
        visitor: 'y',
        visit: 3,
        type: 'pageview',
        url: 'https://engines.example/',
        browser: '',
      },
    ]);
    const response = await post(companyId, body, 'application/x-ndjson', user.auth);
    expect(response.json().data).toEqual({
      stored: 3,
      rejected: [
        { line: 4, reason: 'an engagement event needs an earlier event of the same visit' },
        { line: 5, reason: 'device must be one of desktop, mobile, tablet' },
        { line: 6, reason: 'visit must be a string or a number, the visit id in the other tool' },
        { line: 7, reason: 'browser must be a string of 1 to 100 characters' },
      ],
    });
    const visits = await storedSessions(t.app, companyId);
    expect(visits).toHaveLength(2);
    expect(visits[0]).toMatchObject({
      entryPage: '/a',
      exitPage: '/b',
      pageviews: 2,
      source: 'Newsletter',
      // Stated with its source, the referrer is kept even from the site's own host.
      referrer: 'engines.example/from-our-own-host',
      utmSource: 'spring-mail',
      utmCampaign: 'launch',
      utmMedium: null,
      browser: 'Firefox',
      os: 'Linux',
      device: 'tablet',
    });
    expect(visits[1]).toMatchObject({
      entryPage: '/c',
      visitorId: visits[0]?.visitorId,
      source: 'Direct / None',
    });
  });

  it('refuses other media types and other companies', async () => {
    const { user, companyId } = await owner();
    expect((await post(companyId, '{}', 'application/json', user.auth)).statusCode).toBe(415);
    const stranger = await signedInUser(t.app, t.mailer);
    expect((await post(companyId, '', 'application/x-ndjson', stranger.auth)).statusCode).toBe(403);
    expect((await post(companyId, '', 'application/x-ndjson', {})).statusCode).toBe(401);
    expect((await post(0, '', 'application/x-ndjson', user.auth)).statusCode).toBe(404);
  });
});
