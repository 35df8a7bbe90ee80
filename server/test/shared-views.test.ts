import type { AnalyticsDetail, SharedLink } from '@footfall/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsOf, type CompanyOwner, companyOwner, importRecords } from './support/analytics';
import { newIp, useTestApp } from './support/app';

// What a shared link opens (docs/api.md "Shared links"): its own company's analytics, read-only,
// and nothing else, from the first request after it is created to the very request after it is revoked.

const t = useTestApp();

const DAY = '2026-03-10';
const PERIOD = `period=custom&from=${DAY}&to=${DAY}`;
const PASSWORD = 'open sesame';

/** `count` visitors who each view `path` on the day. */
const visits = (site: string, path: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    timestamp: `${DAY}T09:${String(index).padStart(2, '0')}:00Z`,
    visitor: `${site}-${path}-${index}`,
    type: 'pageview',
    url: `https://${site}.example${path}`,
  }));

async function createLink(owner: CompanyOwner, body: Record<string, unknown>): Promise<SharedLink> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/shared-links`,
    headers: owner.auth,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: SharedLink }>().data;
}

const revoke = (owner: CompanyOwner, link: SharedLink) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/companies/${owner.companyId}/shared-links/${link.id}`,
    headers: owner.auth,
  });

const detail = (token: string, query = PERIOD, accessToken?: string) =>
  t.app.inject({
    url: `/api/shared/${token}/analytics-detail?${query}`,
    ...(accessToken && { headers: { authorization: `Bearer ${accessToken}` } }),
  });

const unlock = (token: string, password: string, ip = newIp()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shared/${token}/unlock`,
    payload: { password },
    remoteAddress: ip,
  });

async function accessTokenOf(link: SharedLink): Promise<string> {
  const response = await unlock(link.token, PASSWORD);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.access_token;
}

let shop: CompanyOwner;
let blog: CompanyOwner;
beforeAll(async () => {
  shop = await companyOwner(t.app, t.mailer);
  blog = await companyOwner(t.app, t.mailer);
  await importRecords(t.app, shop, [...visits('shop', '/', 3), ...visits('shop', '/pricing', 2)]);
  await importRecords(t.app, blog, visits('blog', '/post', 7));
});

describe('a shared link without a password', () => {
  it("answers its company's analytics detail as plain JSON, as the signed-in detail does", async () => {
    const link = await createLink(shop, { name: 'Board' });
    const query = `${PERIOD}&compare=previous_period&page=/pricing`;
    const response = await detail(link.token, query);
    expect(response.statusCode, response.body).toBe(200);
    const shared = response.json<{ data: AnalyticsDetail }>().data;
    expect(shared).toEqual(await analyticsOf(t.app, shop, query));
    expect(shared).toMatchObject({ company_id: shop.companyId, summary: { visitors: 2 } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // The token is in the URL: nothing on the way keeps the answer, no search engine lists it.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await detail(link.token)).json().data.summary.visitors).toBe(5);
  });

  it("shows the site's notes on the chart without their writers' names", async () => {
    const link = await createLink(shop, { name: 'Notes' });
    const written = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${shop.companyId}/annotations`,
      headers: shop.auth,
      payload: { date: DAY, text: 'Launch' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const shared = (await detail(link.token)).json<{ data: AnalyticsDetail }>().data;
    const team = await analyticsOf(t.app, shop, PERIOD);
    expect(team.annotations).toEqual([
      expect.objectContaining({ text: 'Launch', author: expect.any(String) }),
    ]);
    expect(team.annotations[0]?.author).not.toBe('');
    expect(shared.annotations).toEqual(team.annotations.map((note) => ({ ...note, author: '' })));
    await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${shop.companyId}/annotations/${written.json().data.id}`,
      headers: shop.auth,
    });
  });

  it('answers the site name and that no password is needed, and nothing more', async () => {
    const link = await createLink(shop, { name: 'Board' });
    const response = await t.app.inject({ url: `/api/shared/${link.token}` });
    expect(response.statusCode).toBe(200);
    const company = await t.app.repos.companies.findById(shop.companyId);
    expect(response.json()).toEqual({
      data: { site_name: company?.name, has_password: false, timezone: company?.timezone },
    });
  });

  it('refuses a bad query as the detail does (422)', async () => {
    const link = await createLink(shop, { name: 'Board' });
    const response = await detail(link.token, 'period=fortnight&colour=blue');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['colour', 'period']);
  });

  it('counts no stats-API call and records nothing', async () => {
    const link = await createLink(blog, { name: 'Board' });
    const before = await t.app.repos.sharedLinks.list(blog.companyId);
    await detail(link.token);
    const usage = await t.app.inject({ url: `/api/companies/${blog.companyId}/usage`, headers: blog.auth });
    expect(usage.json().data.api_calls_used).toBe(0);
    expect(await t.app.repos.sharedLinks.list(blog.companyId)).toEqual(before);
  });
});

describe('a shared link with a password', () => {
  it('needs the access token of its unlock: 401 without it, 200 with it', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const info = await t.app.inject({ url: `/api/shared/${link.token}` });
    expect(info.json().data.has_password).toBe(true);
    const locked = await detail(link.token);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual({ message: 'Unauthenticated.' });

    const unlocked = await unlock(link.token, PASSWORD);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const access = unlocked.json().data;
    expect(access).toEqual({ access_token: expect.stringMatching(/^ffs_/), expires_at: expect.any(String) });
    expect(new Date(access.expires_at).getTime() - t.clock.now().getTime()).toBeCloseTo(86_400_000, -4);
    const opened = await detail(link.token, PERIOD, access.access_token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.summary.visitors).toBe(5);
  });

  it('answers a wrong password with 422 on password', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const response = await unlock(link.token, 'open sesame!');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { password: ['The password is incorrect.'] },
    });
    expect((await unlock(link.token, '')).json().errors).toEqual({
      password: ['The password field is required.'],
    });
  });

  it('refuses an access token that is tampered with, expired, or made for another link', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const other = await createLink(shop, { name: 'Partners', password: PASSWORD });
    const access = await accessTokenOf(link);
    const [head, expiry, signature] = access.split('.') as [string, string, string];
    const forged = [
      `${head}.${Number(expiry) + 86_400_000}.${signature}`,
      `${head}.${expiry}.${signature.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`,
      `ffs_${other.id}.${expiry}.${signature}`,
      link.token,
    ];
    for (const token of forged) expect((await detail(link.token, PERIOD, token)).statusCode).toBe(401);
    expect((await detail(other.token, PERIOD, access)).statusCode).toBe(401);

    t.clock.advance(86_400_000 + 1000);
    try {
      expect((await detail(link.token, PERIOD, access)).statusCode).toBe(401);
      expect((await detail(link.token, PERIOD, await accessTokenOf(link))).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(86_400_000 + 1000));
    }
  });

  it('gives access tokens that end with the link', async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD, expires_at: expiresAt });
    const unlocked = await unlock(link.token, PASSWORD);
    expect(unlocked.json().data.expires_at).toBe(expiresAt);
  });

  it('limits wrong passwords like logins: 5 a minute for a link from one address, then 429 even when right', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const ip = newIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await unlock(link.token, `guess ${attempt}`, ip)).statusCode).toBe(422);
    }
    const refused = await unlock(link.token, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      /^Too many password attempts\. Please try again in \d+ seconds\.$/,
    );
    // Another address is not held back by this one's guesses.
    expect((await unlock(link.token, PASSWORD)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await unlock(link.token, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('limits one address to 20 wrong passwords a minute over every link', async () => {
    const links = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createLink(shop, { name: `Link ${n}`, password: PASSWORD })),
    );
    const ip = newIp();
    for (const link of links.slice(0, 4)) {
      for (let attempt = 0; attempt < 5; attempt += 1) await unlock(link.token, 'wrong password', ip);
    }
    expect((await unlock((links[4] as SharedLink).token, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('keeps the XSRF rule: an unlock carrying cookies without the header is 419', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/shared/${link.token}/unlock`,
      payload: { password: PASSWORD },
      cookies: { 'XSRF-TOKEN': 'abc' },
    });
    expect(response.statusCode).toBe(419);
    const matching = await t.app.inject({
      method: 'POST',
      url: `/api/shared/${link.token}/unlock`,
      payload: { password: PASSWORD },
      cookies: { 'XSRF-TOKEN': 'abc' },
      headers: { 'x-xsrf-token': 'abc' },
    });
    expect(matching.statusCode).toBe(200);
  });
});

describe('a link that no longer works', () => {
  const gone = async (token: string, accessToken?: string) => {
    const answers = [
      await t.app.inject({ url: `/api/shared/${token}` }),
      await detail(token, PERIOD, accessToken),
      await unlock(token, PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json()).toEqual({ message: 'Not found.' });
    }
  };

  it('is 404 on the very next request once revoked, with a still valid access token too', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const access = await accessTokenOf(link);
    expect((await detail(link.token, PERIOD, access)).statusCode).toBe(200);
    expect((await revoke(shop, link)).statusCode).toBe(204);
    await gone(link.token, access);
  });

  it('is 404 from the moment it expires', async () => {
    const link = await createLink(shop, {
      name: 'Week',
      expires_at: new Date(t.clock.now().getTime() + 60_000),
    });
    expect((await detail(link.token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    try {
      await gone(link.token);
    } finally {
      t.clock.advance(-60_000);
    }
  });

  it('is 404 for an unknown or malformed token, and while its company is suspended', async () => {
    await gone('an-unknown-token-of-32-characters');
    await gone('short');
    const link = await createLink(blog, { name: 'Board' });
    const { companies } = t.app.db.schema;
    await t.app.db.orm
      .update(companies)
      .set({ suspendedAt: t.clock.now() })
      .where(eq(companies.id, blog.companyId));
    try {
      await gone(link.token);
    } finally {
      await t.app.db.orm.update(companies).set({ suspendedAt: null }).where(eq(companies.id, blog.companyId));
    }
    expect((await detail(link.token)).statusCode).toBe(200);
  });
});

describe('a shared token and an access token reach nothing else', () => {
  it("read only the link's own company, whatever the request names", async () => {
    const shopLink = await createLink(shop, { name: 'Board' });
    const blogLink = await createLink(blog, { name: 'Board', password: PASSWORD });
    const shopDetail = (await detail(shopLink.token)).json<{ data: AnalyticsDetail }>().data;
    expect(shopDetail.company_id).toBe(shop.companyId);
    expect(shopDetail.breakdowns.pages.map((row) => row.value).sort()).toEqual(['/', '/pricing']);
    // A company id in the query is an unknown parameter, not a way to another company.
    expect((await detail(shopLink.token, `${PERIOD}&company_id=${blog.companyId}`)).statusCode).toBe(422);
    const blogAccess = await accessTokenOf(blogLink);
    const blogDetail = (await detail(blogLink.token, PERIOD, blogAccess)).json().data;
    expect(blogDetail).toMatchObject({ company_id: blog.companyId, summary: { visitors: 7 } });
  });

  it('are 401 on the account, the signed-in detail, the stats API and company routes', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const access = await accessTokenOf(link);
    for (const token of [link.token, access]) {
      const headers = { authorization: `Bearer ${token}` };
      for (const url of [
        '/api/user',
        `/api/company-visitor-analytics-detail/${shop.companyId}?${PERIOD}`,
        `/api/v1/stats/${shop.companyId}?${PERIOD}`,
        `/api/companies/${shop.companyId}`,
        `/api/companies/${shop.companyId}/shared-links`,
        '/api/admin/companies',
      ]) {
        const response = await t.app.inject({ url, headers });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
      }
    }
  });

  it('answer no route of the API with a 2xx but the shared ones and the public reads, and change nothing', async () => {
    const link = await createLink(shop, { name: 'Investors', password: PASSWORD });
    const access = await accessTokenOf(link);
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const linksBefore = await t.app.repos.sharedLinks.list(shop.companyId);
    const companyBefore = await t.app.repos.companies.findById(shop.companyId);
    // Answer 2xx to anyone, with or without a token: nothing of a company's analytics or settings. Signing out
    // with a token that names no session, and ingestion's CORS preflight, do nothing and answer 204.
    const publicReads = new Set([
      'POST /api/logout',
      'POST /api/admin/logout',
      'OPTIONS /api/save-company-visitor-analytics',
      'GET /api/health',
      'GET /api/csrf-cookie',
      'GET /api/blogs',
      'GET /api/blogs/{id}',
      'GET /api/listings',
      'GET /api/plans',
      'GET /api/auth/providers',
      'GET /api/docs/json',
      'GET /api/docs/yaml',
    ]);
    const reached: string[] = [];
    let tried = 0;
    for (const [path, operations] of Object.entries(spec.paths)) {
      if (path.startsWith('/api/shared/')) continue;
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        const url = path
          .replace(/\{(id|company_id)\}/g, String(shop.companyId))
          .replace(/\{token\}/g, link.token)
          .replace(/\{[a-z_]+\}/g, '1');
        for (const token of [link.token, access]) {
          const options: InjectOptions = {
            method: method.toUpperCase() as InjectOptions['method'],
            url,
            headers: { authorization: `Bearer ${token}` },
            remoteAddress: newIp(),
          };
          if (method !== 'get' && method !== 'delete') options.payload = {};
          const response = await t.app.inject(options);
          tried += 1;
          if (response.statusCode < 300 && !publicReads.has(route))
            reached.push(`${route}: ${response.statusCode}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(reached).toEqual([]);
    expect(await t.app.repos.sharedLinks.list(shop.companyId)).toEqual(linksBefore);
    expect(await t.app.repos.companies.findById(shop.companyId)).toEqual(companyBefore);
  });
});
