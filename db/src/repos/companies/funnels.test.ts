import { describe, expect, it } from 'vitest';
import { registration, useTestDb } from '../../../test/support/use-test-db';
import type { Funnel } from '../../schema/types';

describe('funnels, saved segments and the goals they name', () => {
  const t = useTestDb();
  const newCompany = async () => (await t.repos.users.register(registration())).company;
  const newGoal = async (companyId: number, name: string) =>
    (
      await t.repos.goals.create(companyId, {
        name,
        eventName: name,
        pagePath: null,
        propKey: null,
        propValue: null,
      })
    ).id;
  const newFunnel = async (companyId: number, name: string, steps: number[]): Promise<Funnel> => {
    const funnel = await t.repos.funnels.create(companyId, { name, steps });
    if (!funnel) throw new Error(`the funnel ${name} was refused`);
    return funnel;
  };

  it('keep a funnel’s steps in order and a segment’s filters as given, per company', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const [a, b, c] = [
      await newGoal(company.id, 'a'),
      await newGoal(company.id, 'b'),
      await newGoal(company.id, 'c'),
    ];
    const funnel = await newFunnel(company.id, 'Checkout', [c, a, b, a]);
    expect(funnel.steps).toEqual([c, a, b, a]);
    expect(await t.repos.funnels.find(company.id, funnel.id)).toEqual(funnel);
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

  it('store a funnel only when every step is a goal of the company, leaving the goals as they were', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const mine = await newGoal(company.id, 'mine');
    const theirs = await newGoal(other.id, 'theirs');
    for (const steps of [
      [mine, theirs],
      [mine, 2_000_000_000],
      [mine, 2 ** 31],
      [mine, 99_999_999_999],
    ]) {
      expect(await t.repos.funnels.create(company.id, { name: 'F', steps }), String(steps)).toBeUndefined();
    }
    expect(await t.repos.funnels.count(company.id)).toBe(0);
    expect(await t.repos.goals.find(company.id, mine)).toMatchObject({ name: 'mine', eventName: 'mine' });
  });

  it('deleting a goal deletes the funnels that name it, and only those', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const [a, b, c] = [
      await newGoal(company.id, 'a'),
      await newGoal(company.id, 'b'),
      await newGoal(company.id, 'c'),
    ];
    const withA = await newFunnel(company.id, 'A then B', [a, b]);
    const endsWithA = await newFunnel(company.id, 'C then A', [c, b, a]);
    const withoutA = await newFunnel(company.id, 'B then C', [b, c]);
    const elsewhere = await newFunnel(other.id, 'Elsewhere', [
      await newGoal(other.id, 'x'),
      await newGoal(other.id, 'y'),
    ]);

    expect(await t.repos.goals.delete(other.id, a)).toBe(false);
    expect(await t.repos.funnels.count(company.id)).toBe(3);
    expect(await t.repos.goals.delete(company.id, a)).toBe(true);
    expect((await t.repos.funnels.list(company.id)).map((funnel) => funnel.id)).toEqual([withoutA.id]);
    expect(await t.repos.funnels.find(company.id, withA.id)).toBeUndefined();
    expect(await t.repos.funnels.find(company.id, endsWithA.id)).toBeUndefined();
    expect(await t.repos.funnels.find(other.id, elsewhere.id)).toEqual(elsewhere);
    expect(await t.repos.goals.delete(company.id, a)).toBe(false);
  });

  it('a goal deleted while a funnel naming it is created leaves no funnel with a missing step', async () => {
    const company = await newCompany();
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = [await newGoal(company.id, `a${round}`), await newGoal(company.id, `b${round}`)];
      const [created] = await Promise.all([
        t.repos.funnels.create(company.id, { name: `F${round}`, steps: [a, b] }),
        t.repos.goals.delete(company.id, a),
      ]);
      const stored = await t.repos.funnels.list(company.id);
      expect(stored.filter((funnel) => funnel.steps.includes(a))).toEqual([]);
      if (created) expect(await t.repos.funnels.find(company.id, created.id)).toBeUndefined();
    }
  });
});
