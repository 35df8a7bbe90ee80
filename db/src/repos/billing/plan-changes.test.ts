import { describe, expect, it } from 'vitest';
import { registration, useTestDb } from '../../../test/support/use-test-db';

describe('the plan changes repository', () => {
  const t = useTestDb();

  it('moves a company to another plan and records where it came from', async () => {
    const { company } = await t.repos.users.register(registration());
    const companyId = company.id;
    const free = await t.repos.plans.findBySlug('free');
    const growth = await t.repos.plans.findBySlug('growth');
    if (!free || !growth) throw new Error('seeded plans missing');

    const now = new Date('2026-11-20T10:00:00.000Z');
    const change = await t.repos.planChanges.change({ companyId, toPlanId: growth.id, source: 'admin', now });
    expect(change).toMatchObject({ companyId, fromPlanId: free.id, toPlanId: growth.id, source: 'admin' });
    expect((await t.repos.companies.findById(companyId))?.planId).toBe(growth.id);

    const later = new Date('2026-11-21T10:00:00.000Z');
    await t.repos.planChanges.change({ companyId, toPlanId: free.id, source: 'admin', now: later });
    const history = await t.repos.planChanges.listForCompany(companyId);
    expect(history.map((c) => [c.fromPlanId, c.toPlanId])).toEqual([
      [growth.id, free.id],
      [free.id, growth.id],
    ]);
  });

  it('changes nothing and records nothing for a company that does not exist', async () => {
    const growth = await t.repos.plans.findBySlug('growth');
    if (!growth) throw new Error('seeded plans missing');
    const change = await t.repos.planChanges.change({
      companyId: 999_999,
      toPlanId: growth.id,
      source: 'admin',
      now: new Date(),
    });
    expect(change).toBeUndefined();
    expect(await t.repos.planChanges.listForCompany(999_999)).toEqual([]);
  });
});
