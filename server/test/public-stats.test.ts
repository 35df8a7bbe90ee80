import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { createTrackedCompany, pageview, track } from './support/tracking';

const t = useTestApp();
const statsUrl = (key: string) => `/api/public/companies/${key}/stats`;

describe('the public stats endpoint', () => {
  it('answers 404 for an unknown key and for a company whose public stats are off', async () => {
    const hidden = await createTrackedCompany(t.app, { publicStats: false });
    expect((await t.app.inject({ url: statsUrl('no-such-key') })).statusCode).toBe(404);
    const response = await t.app.inject({ url: statsUrl(hidden.trackingKey) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('gives visitors and pageviews over 30 days, realtime visitors and 30 daily counts, cacheable and cookie-free', async () => {
    const company = await createTrackedCompany(t.app, { publicStats: true });
    t.clock.advance(-2 * 24 * 3_600_000);
    await track(t.app, pageview(company, 'https://shop.example/'), { ip: '10.210.0.1' });
    t.clock.advance(2 * 24 * 3_600_000);
    await track(t.app, pageview(company, 'https://shop.example/'), { ip: '10.210.0.1' });
    await track(t.app, pageview(company, 'https://shop.example/b'), { ip: '10.210.0.1' });
    await track(t.app, pageview(company, 'https://shop.example/'), { ip: '10.210.0.2' });
    const response = await t.app.inject({ url: statsUrl(company.trackingKey), headers: { cookie: 'a=b' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['set-cookie']).toBeUndefined();
    const { data } = response.json();
    expect(data).toMatchObject({ visitors_30d: 3, pageviews_30d: 4, realtime: 2 });
    expect(data.sparkline).toHaveLength(30);
    expect(data.sparkline.slice(-3)).toEqual([1, 0, 2]);
  });

  it('stops answering as soon as the owner turns public stats off', async () => {
    const owner = await signedInUser(t.app, t.mailer);
    const [company] = (await t.app.inject({ url: '/api/companies', headers: owner.auth })).json().data as {
      id: number;
      tracking_key: string;
    }[];
    if (!company) throw new Error('the owner has no company');
    const patch = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${company.id}`,
        headers: owner.auth,
        payload: body,
      });
    expect((await patch({ public_stats: true })).statusCode).toBe(200);
    expect((await t.app.inject({ url: statsUrl(company.tracking_key) })).statusCode).toBe(200);
    const off = await patch({ public_stats: false });
    expect(off.json().data.public_stats).toBe(false);
    expect((await t.app.inject({ url: statsUrl(company.tracking_key) })).statusCode).toBe(404);
  });
});
