import { describe, expect, it } from 'vitest';
import { registration, useTestDb } from '../../../test/support/use-test-db';
import { createRevisionCache } from '../revision-cache';
import { createRollupsRepository, type StoredRollup } from './rollups';

const BUILT = Date.parse('2026-03-05T12:00:00Z');
const rollup = (day: string, stats: string): StoredRollup => ({ day, builtAt: BUILT, stats });
const statsOf = (read: StoredRollup[]) => read.map((row) => row.stats);

describe('the rollups repository', () => {
  const t = useTestDb();

  async function company(): Promise<number> {
    const { company } = await t.repos.users.register(registration());
    return company.id;
  }

  it('reads the rollups of a range of days, in order', async () => {
    const companyId = await company();
    await t.repos.rollups.save(companyId, [
      rollup('2026-03-03', 'c'),
      rollup('2026-03-01', 'a'),
      rollup('2026-03-02', 'b'),
    ]);
    const read = await t.repos.rollups.read(companyId, '2026-03-02', '2026-03-03');
    expect(read).toEqual([rollup('2026-03-02', 'b'), rollup('2026-03-03', 'c')]);
    expect(await t.repos.rollups.firstDay(companyId)).toBe('2026-03-01');
  });

  it('keeps the sums it read in memory, and reads a day again once another server rebuilt it', async () => {
    const companyId = await company();
    const here = createRollupsRepository(t.db);
    const elsewhere = createRollupsRepository(t.db, createRevisionCache(0));
    await elsewhere.save(companyId, [rollup('2026-03-01', 'first'), rollup('2026-03-02', 'other')]);
    expect(statsOf(await here.read(companyId, '2026-03-01', '2026-03-02'))).toEqual(['first', 'other']);

    // A rebuilt row gets a new revision, even built at the same instant.
    await elsewhere.save(companyId, [rollup('2026-03-01', 'rebuilt')]);
    expect(statsOf(await here.read(companyId, '2026-03-01', '2026-03-02'))).toEqual(['rebuilt', 'other']);

    // Forgotten rows are left out, and a row written again after that is read again too.
    await elsewhere.forget(companyId, ['2026-03-02']);
    expect(statsOf(await here.read(companyId, '2026-03-01', '2026-03-02'))).toEqual(['rebuilt']);
    await elsewhere.forget(companyId);
    await elsewhere.save(companyId, [rollup('2026-03-01', 'after import')]);
    expect(statsOf(await here.read(companyId, '2026-03-01', '2026-03-02'))).toEqual(['after import']);
  });

  it('does not mix up the days of two companies held in one cache', async () => {
    const [one, two] = [await company(), await company()];
    const shared = createRollupsRepository(t.db, createRevisionCache());
    await shared.save(one, [rollup('2026-03-01', 'one')]);
    await shared.save(two, [rollup('2026-03-01', 'two')]);
    expect(statsOf(await shared.read(one, '2026-03-01', '2026-03-01'))).toEqual(['one']);
    expect(statsOf(await shared.read(two, '2026-03-01', '2026-03-01'))).toEqual(['two']);
  });
});
