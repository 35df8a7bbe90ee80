import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration, unique, useTestDb } from '../../../test/support/use-test-db';
import { isUniqueViolation } from '../../dialect';
import type { NewPlan } from '../../schema/types';

describe('the plans repository', () => {
  const t = useTestDb();
  const plan = (overrides: Partial<NewPlan>): NewPlan => ({
    slug: unique('plan'),
    name: 'Plan',
    priceCents: 900,
    currency: 'usd',
    interval: 'month',
    eventsQuota: 100_000,
    apiCallsQuota: 10_000,
    retentionDays: 730,
    ...overrides,
  });

  it('lists the active plans by sort order, then by id', async () => {
    const { plans } = t.db.schema;
    const inserted = await t.db.orm
      .insert(plans)
      .values([
        plan({ slug: 'enterprise', sortOrder: 12 }),
        plan({ slug: 'team-a', sortOrder: 11 }),
        plan({ slug: 'team-b', sortOrder: 11 }),
        plan({ slug: 'legacy', sortOrder: 10, active: false }),
      ])
      .returning();
    const listed = await t.repos.plans.list();
    expect(listed.map((p) => p.slug)).toEqual([
      'free',
      'starter',
      'growth',
      'business',
      'team-a',
      'team-b',
      'enterprise',
    ]);
    expect(listed.find((p) => p.slug === 'enterprise')).toEqual(inserted[0]);
    expect(listed.find((p) => p.slug === 'team-a')?.features).toEqual([]);
  });

  it('finds a plan by slug', async () => {
    expect((await t.repos.plans.findBySlug('free'))?.name).toBe('Free');
    expect(await t.repos.plans.findBySlug('platinum')).toBeUndefined();
  });

  it('finds the default plan, of which there can be only one', async () => {
    expect((await t.repos.plans.findDefault())?.slug).toBe('free');
    await expect(t.db.orm.insert(t.db.schema.plans).values(plan({ isDefault: true }))).rejects.toSatisfy(
      isUniqueViolation,
    );
  });

  it('refuses to delete a plan that a company is on', async () => {
    await t.repos.users.register(registration());
    const { plans } = t.db.schema;
    await expect(t.db.orm.delete(plans).where(eq(plans.slug, 'free'))).rejects.toThrow();
    expect(await t.repos.plans.findBySlug('free')).toBeDefined();
  });
});
