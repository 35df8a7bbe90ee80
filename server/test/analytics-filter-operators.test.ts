import { beforeAll, describe, expect, it } from 'vitest';
import { packEndedDays } from '../src/storage/pack-ended-days';
import { analyticsOf, type CompanyOwner, companyOwner, DETAIL_URL, importRecords } from './support/analytics';
import { moveToNoonUtc, useTestApp } from './support/app';
import { CHROME_UA, IPHONE_UA } from './support/tracking';

// Filters with "is not", "contains" and alternatives (docs/api.md "Analytics"), on packed days and on raw rows
// alike: the database only narrows raw rows by a plain "is", and the scan applies every operator.

const t = useTestApp();
const HOUR = 3_600_000;
const SITE = 'https://ops.example';

/** Five visits of one pageview or more, each from its own visitor, `daysAgo` days back at 10:00 UTC. */
function visits(daysAgo: number) {
  const base = Date.parse(new Date(t.clock.now().getTime() - daysAgo * 24 * HOUR).toISOString().slice(0, 10));
  const at = (hour: number) => new Date(base + hour * HOUR).toISOString();
  const tag = `d${daysAgo}`;
  return [
    {
      timestamp: at(1),
      visitor: `${tag}a`,
      type: 'pageview',
      url: `${SITE}/admin`,
      country: 'us',
      referrer: 'https://www.google.com/',
    },
    { timestamp: at(1.1), visitor: `${tag}a`, type: 'pageview', url: `${SITE}/admin/users` },
    {
      timestamp: at(2),
      visitor: `${tag}b`,
      type: 'pageview',
      url: `${SITE}/pricing`,
      country: 'de',
      referrer: 'https://duckduckgo.com/',
    },
    { timestamp: at(2.1), visitor: `${tag}b`, type: 'event', name: 'signup', url: `${SITE}/pricing` },
    {
      timestamp: at(3),
      visitor: `${tag}c`,
      type: 'pageview',
      url: `${SITE}/pricing`,
      country: 'fr',
      user_agent: IPHONE_UA,
    },
    {
      timestamp: at(3.1),
      visitor: `${tag}c`,
      type: 'event',
      name: 'download',
      url: `${SITE}/pricing`,
      user_agent: IPHONE_UA,
    },
    { timestamp: at(4), visitor: `${tag}d`, type: 'pageview', url: `${SITE}/blog/a!b`, country: 'us' },
    {
      timestamp: at(5),
      visitor: `${tag}e`,
      type: 'pageview',
      url: `${SITE}/admin`,
      country: 'gb',
      referrer: 'https://goodreads.com/x',
    },
  ].map((record) => ({ user_agent: CHROME_UA, ...record }));
}

let owner: CompanyOwner;
beforeAll(async () => {
  moveToNoonUtc(t.clock);
  owner = await companyOwner(t.app, t.mailer);
  // Yesterday packed into a segment, today in raw rows.
  await importRecords(t.app, owner, [...visits(1), ...visits(0)]);
  await packEndedDays(t.app);
});

/** Visits and pageviews of today and of yesterday for a query's filters. */
async function figures(filters: string) {
  const [today, yesterday] = await Promise.all([
    analyticsOf(t.app, owner, `period=today&${filters}`),
    analyticsOf(t.app, owner, `period=yesterday&${filters}`),
  ]);
  expect(today.summary, `${filters}: raw rows and a packed day answer alike`).toEqual(yesterday.summary);
  return { visits: today.summary.visits, pageviews: today.summary.pageviews, events: today.summary.events };
}

describe('filter operators', () => {
  it('alternatives keep what matches any of them', async () => {
    expect(await figures('country=US|DE')).toEqual({ visits: 3, pageviews: 4, events: 1 });
    expect(await figures('country=us|gb')).toEqual({ visits: 3, pageviews: 4, events: 0 });
    expect(await figures('page=/pricing|/blog/*')).toMatchObject({ visits: 3, pageviews: 3 });
  });

  it('is not keeps what does not match, and on visit fields the visits without a value too', async () => {
    expect(await figures('country=!US')).toEqual({ visits: 3, pageviews: 3, events: 2 });
    // Two visits have no referrer: they are not from google.com.
    expect(await figures('referrer=!google.com')).toMatchObject({ visits: 4 });
    // Pageviews off /admin…, and the visits that have one.
    expect(await figures('page=!/admin*')).toEqual({ visits: 3, pageviews: 3, events: 2 });
    expect(await figures('event=!signup')).toMatchObject({ visits: 1, events: 1 });
    expect(await figures('device=!desktop')).toMatchObject({ visits: 1 });
  });

  it('contains searches in any case', async () => {
    expect(await figures('referrer=~GOO')).toMatchObject({ visits: 2 });
    expect(await figures('source=~duck')).toMatchObject({ visits: 1 });
    expect(await figures('page=~ADMIN')).toMatchObject({ visits: 2, pageviews: 3 });
    expect(await figures('page=!~admin|blog')).toMatchObject({ visits: 2, pageviews: 2 });
  });

  it('takes an escaped operator literally', async () => {
    expect(await figures('page=/blog/a\\!b')).toMatchObject({ visits: 1 });
    expect(await figures(`page=${encodeURIComponent('\\!nothing')}`)).toMatchObject({ visits: 0 });
  });

  it('answers 422 for an operator without a value, an empty alternative, or a bad country or device', async () => {
    for (const [query, field] of [
      ['country=!', 'country'],
      ['page=/a|', 'page'],
      ['source=~', 'source'],
      ['country=USA|DE', 'country'],
      ['device=desktop|phone', 'device'],
    ]) {
      const response = await t.app.inject({
        url: `${DETAIL_URL}/${owner.companyId}?${query}`,
        headers: owner.auth,
      });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field as string], query).toBeDefined();
    }
  });
});
