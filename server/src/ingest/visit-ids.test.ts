import { VISIT_ID_BLOCK } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { ClockVisitIds, SequenceVisitIds } from './visit-ids';

describe('ClockVisitIds', () => {
  it('gives strictly increasing ids that JavaScript numbers hold exactly', () => {
    const ids = new ClockVisitIds();
    const list = Array.from({ length: 5_000 }, () => ids.next());
    for (let i = 1; i < list.length; i++) expect(list[i]).toBeGreaterThan(list[i - 1] as number);
    expect(list.every(Number.isSafeInteger)).toBe(true);
  });
});

describe('SequenceVisitIds', () => {
  /** A sequence as PostgreSQL's `visit_ids` steps: each block starts VISIT_ID_BLOCK after the last. */
  const sequence = () => {
    let next = 1_000_000;
    const taken: number[] = [];
    return {
      taken,
      take: async () => {
        const start = next;
        next += VISIT_ID_BLOCK;
        taken.push(start);
        return start;
      },
    };
  };

  it('asks to wait until it holds ids, then hands them out of its blocks in order', async () => {
    const blocks = sequence();
    const ids = new SequenceVisitIds(blocks.take);
    expect(() => ids.next()).toThrow(/ensure/);
    const wait = ids.ensure(3);
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(ids.ensure(3)).toBeUndefined();
    expect([ids.next(), ids.next(), ids.next()]).toEqual([1_000_000, 1_000_001, 1_000_002]);
  });

  it('fetches the next block while half of the current one is left, so a steady stream never waits', async () => {
    const blocks = sequence();
    const ids = new SequenceVisitIds(blocks.take);
    await ids.ensure(1);
    const seen = new Set<number>();
    for (let i = 0; i < VISIT_ID_BLOCK * 3; i++) {
      const wait = ids.ensure(1);
      if (wait) await wait;
      seen.add(ids.next());
      // Lets a fetch started by `next` finish, as the event loop would between requests.
      if (i % 64 === 0) await Promise.resolve();
    }
    expect(seen.size).toBe(VISIT_ID_BLOCK * 3);
    expect(blocks.taken.length).toBeGreaterThanOrEqual(3);
  });

  it('fetches as many blocks as a large request needs, sharing one fetch among concurrent waiters', async () => {
    const blocks = sequence();
    const ids = new SequenceVisitIds(blocks.take);
    await Promise.all([ids.ensure(VISIT_ID_BLOCK + 10), ids.ensure(5)]);
    expect(blocks.taken).toHaveLength(2);
    const all = Array.from({ length: VISIT_ID_BLOCK + 10 }, () => ids.next());
    expect(new Set(all).size).toBe(all.length);
  });
});
