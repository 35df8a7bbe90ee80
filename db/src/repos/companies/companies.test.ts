import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration, unique, useTestDb } from '../../../test/support/use-test-db';

describe('the companies repository', () => {
  const t = useTestDb();

  it('lists the companies of a user, by id, with the plan slug and the role', async () => {
    // Named against their id order, so that sorting by anything but id shows.
    const { user, company: own } = await t.repos.users.register(registration({ companyName: 'Zeta' }));
    const { company: joined } = await t.repos.users.register(registration({ companyName: 'Alpha' }));
    await t.repos.users.register(registration());
    await t.db.orm
      .insert(t.db.schema.memberships)
      .values({ companyId: joined.id, userId: user.id, role: 'viewer' });
    const listed = await t.repos.companies.listForUser(user.id);
    expect(listed).toEqual([
      { ...own, plan: 'free', planRetentionDays: 365, role: 'owner' },
      { ...joined, plan: 'free', planRetentionDays: 365, role: 'viewer' },
    ]);
  });

  it('finds a company for a member and hides it from anyone else', async () => {
    const { user, company } = await t.repos.users.register(registration());
    const { user: stranger } = await t.repos.users.register(registration());
    expect(await t.repos.companies.findForUser(company.id, user.id)).toEqual({
      ...company,
      plan: 'free',
      planRetentionDays: 365,
      role: 'owner',
    });
    expect(await t.repos.companies.findForUser(company.id, stranger.id)).toBeUndefined();
    expect(await t.repos.companies.findForUser(987_654, user.id)).toBeUndefined();
  });

  it('finds a company by id and by tracking key', async () => {
    const { company } = await t.repos.users.register(registration());
    expect(await t.repos.companies.findById(company.id)).toEqual(company);
    expect(await t.repos.companies.findByTrackingKey(company.trackingKey)).toEqual(company);
    expect(await t.repos.companies.findById(987_654)).toBeUndefined();
    expect(await t.repos.companies.findByTrackingKey(unique('missing'))).toBeUndefined();
  });

  it('stores the domain list as JSON and reads it back as strings', async () => {
    const { company } = await t.repos.users.register(registration());
    const { companies } = t.db.schema;
    await t.db.orm
      .update(companies)
      .set({ domains: ['example.com', 'shop.example.com'] })
      .where(eq(companies.id, company.id));
    expect((await t.repos.companies.findById(company.id))?.domains).toEqual([
      'example.com',
      'shop.example.com',
    ]);
  });

  it('deletes the memberships of a deleted company', async () => {
    const { user, company } = await t.repos.users.register(registration());
    const { companies } = t.db.schema;
    await t.db.orm.delete(companies).where(eq(companies.id, company.id));
    expect(await t.repos.companies.listForUser(user.id)).toEqual([]);
    expect(await t.repos.users.findById(user.id)).toBeDefined();
  });
});
