import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../test/support/use-test-db';
import { DEFAULT_PLAN, migrate, migrationsFolder, SEED_PLANS } from './migrate';

describe('migrate', () => {
  const t = useTestDb();

  it('finds the committed migrations through the package, for both dialects', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const folder = migrationsFolder(dialect);
      expect(folder.endsWith(join('db', 'migrations', dialect))).toBe(true);
      expect(existsSync(join(folder, 'meta', '_journal.json'))).toBe(true);
    }
  });

  it('creates the free plan as the default plan', async () => {
    const plan = await t.repos.plans.findDefault();
    expect(plan).toMatchObject({
      slug: 'free',
      name: 'Free',
      priceCents: 0,
      currency: 'usd',
      interval: 'month',
      eventsQuota: 10_000,
      apiCallsQuota: 1_000,
      retentionDays: 365,
      isDefault: true,
      active: true,
    });
    expect(plan?.features).toEqual(DEFAULT_PLAN.features);
    expect(plan?.features.length).toBeGreaterThanOrEqual(3);
  });

  it('seeds three paid tiers above the free plan, each with more of every quota for a higher price', async () => {
    const listed = await t.repos.plans.list();
    expect(listed.map((p) => p.slug)).toEqual(['free', 'starter', 'growth', 'business']);
    for (const [lower, higher] of listed.slice(0, -1).map((p, i) => [p, listed[i + 1]] as const)) {
      expect(higher?.priceCents).toBeGreaterThan(lower.priceCents);
      expect(higher?.eventsQuota).toBeGreaterThan(lower.eventsQuota);
      expect(higher?.apiCallsQuota).toBeGreaterThan(lower.apiCallsQuota);
      expect(higher?.retentionDays).toBeGreaterThan(lower.retentionDays);
      expect(higher?.isDefault).toBe(false);
    }
    expect(listed.find((p) => p.slug === 'starter')?.features[0]).toBe(
      '100,000 pageviews and events a month',
    );
  });

  it('can run again without changing anything, keeping an edited free plan as it is', async () => {
    const { plans } = t.db.schema;
    await t.db.orm.update(plans).set({ name: 'Hobby', eventsQuota: 5 }).where(eq(plans.slug, 'free'));
    await migrate(t.db);
    await migrate(t.db);
    const all = await t.db.orm.select().from(plans);
    expect(all).toHaveLength(SEED_PLANS.length);
    expect(all.find((p) => p.slug === 'free')).toMatchObject({ name: 'Hobby', eventsQuota: 5 });
  });
});
