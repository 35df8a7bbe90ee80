import { describe, expect, it } from 'vitest';
import { registration, useTestDb } from '../test-support';

describe('funnels, saved segments and the goals they name', () => {
  const t = useTestDb();
  const newCompany = async () => (await t.repos.users.register(registration())).company;
  const newGoal = (companyId: number, name: string) =>
    t.repos.goals.create(companyId, {
      name,
      eventName: name,
      pagePath: null,
      propKey: null,
      propValue: null,
    });

  it('keep a funnel’s steps in order and a segment’s filters as given, per company', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const funnel = await t.repos.funnels.create(company.id, { name: 'Checkout', steps: [3, 1, 2, 1] });
    expect(await t.repos.funnels.find(company.id, funnel.id)).toEqual(funnel);
    expect(funnel.steps).toEqual([3, 1, 2, 1]);
    expect(await t.repos.funnels.find(other.id, funnel.id)).toBeUndefined();
    expect(await t.repos.funnels.delete(other.id, funnel.id)).toBe(false);

    const filters = { page: '/a\\|b', country: 'US|DE', 'prop:plan': '~pro', 'prop:a': 'é😀' };
    const segment = await t.repos.savedSegments.create(company.id, { name: 'Buyers', filters });
    expect((await t.repos.savedSegments.list(company.id)).map((row) => row.filters)).toEqual([filters]);
    expect(await t.repos.savedSegments.update(other.id, segment.id, { name: 'x', filters })).toBeUndefined();
    const renamed = await t.repos.savedSegments.update(company.id, segment.id, {
      name: 'Pro buyers',
      filters: { event: 'buy' },
    });
    expect(renamed).toMatchObject({ name: 'Pro buyers', filters: { event: 'buy' } });
    expect(await t.repos.savedSegments.count(company.id)).toBe(1);
    expect(await t.repos.savedSegments.delete(company.id, segment.id)).toBe(true);
    expect(await t.repos.savedSegments.count(company.id)).toBe(0);
  });

  it('deleting a goal deletes the funnels that name it, and only those', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const [a, b, c] = [
      await newGoal(company.id, 'a'),
      await newGoal(company.id, 'b'),
      await newGoal(company.id, 'c'),
    ];
    const withA = await t.repos.funnels.create(company.id, { name: 'A then B', steps: [a.id, b.id] });
    const endsWithA = await t.repos.funnels.create(company.id, {
      name: 'C then A',
      steps: [c.id, b.id, a.id],
    });
    const withoutA = await t.repos.funnels.create(company.id, { name: 'B then C', steps: [b.id, c.id] });
    // Another company's funnel naming the same number is not the company's business.
    const elsewhere = await t.repos.funnels.create(other.id, { name: 'Elsewhere', steps: [a.id, b.id] });

    expect(await t.repos.goals.delete(other.id, a.id)).toBe(false);
    expect(await t.repos.funnels.count(company.id)).toBe(3);
    expect(await t.repos.goals.delete(company.id, a.id)).toBe(true);
    expect((await t.repos.funnels.list(company.id)).map((funnel) => funnel.id)).toEqual([withoutA.id]);
    expect(await t.repos.funnels.find(company.id, withA.id)).toBeUndefined();
    expect(await t.repos.funnels.find(company.id, endsWithA.id)).toBeUndefined();
    expect(await t.repos.funnels.find(other.id, elsewhere.id)).toEqual(elsewhere);
    expect(await t.repos.goals.delete(company.id, a.id)).toBe(false);
  });
});
