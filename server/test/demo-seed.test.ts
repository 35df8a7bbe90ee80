import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_EMAIL, seedDemo } from '../src/bootstrap/demo';
import { useTestApp } from './support/app';

const t = useTestApp();

describe('seedDemo', () => {
  it('seeds a listed demo company, the first posts and an admin who can sign in, once', async () => {
    const demo = await seedDemo(t.app.repos, new Date());
    expect(demo).toMatchObject({ email: DEMO_EMAIL, admin: { email: DEMO_ADMIN_EMAIL } });
    if (!demo?.admin) throw new Error('no demo admin');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: demo.admin.email, password: demo.admin.password },
    });
    expect(login.statusCode).toBe(200);
    const listings = (await t.app.inject({ url: '/api/listings' })).json();
    expect(listings.data).toEqual([
      expect.objectContaining({ name: 'Demo Company', category: 'Software', public_stats: true }),
    ]);
    expect((await t.app.inject({ url: '/api/blogs' })).json().meta.total).toBe(3);

    // A database with users is never seeded again: no second password is made or shown.
    expect(await seedDemo(t.app.repos, new Date())).toBeUndefined();
    expect(await t.app.repos.admins.count()).toBe(1);
  });
});
