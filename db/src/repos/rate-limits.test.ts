import { describe, expect, it } from 'vitest';
import { unique, useTestDb } from '../../test/support/use-test-db';

describe('the rate limits repository', () => {
  const t = useTestDb();
  const minute = 60_000;
  const start = new Date('2026-06-01T12:00:00.000Z');
  const after = (ms: number) => new Date(start.getTime() + ms);

  it('counts hits within a window that opens at the first hit', async () => {
    const key = unique('login');
    expect(await t.repos.rateLimits.hit(key, minute, start)).toEqual({ count: 1, windowStart: start });
    expect(await t.repos.rateLimits.hit(key, minute, after(10_000))).toEqual({
      count: 2,
      windowStart: start,
    });
    expect(await t.repos.rateLimits.hit(key, minute, after(minute - 1))).toEqual({
      count: 3,
      windowStart: start,
    });
  });

  it('opens a new window at the first hit once the window has ended', async () => {
    const key = unique('login');
    await t.repos.rateLimits.hit(key, minute, start);
    await t.repos.rateLimits.hit(key, minute, after(1));
    expect(await t.repos.rateLimits.hit(key, minute, after(minute))).toEqual({
      count: 1,
      windowStart: after(minute),
    });
    const late = after(5 * minute + 123);
    await t.repos.rateLimits.hit(key, minute, late);
    expect(await t.repos.rateLimits.hit(key, minute, late)).toEqual({ count: 2, windowStart: late });
  });

  it('adds counts of many keys to aligned windows and answers their totals', async () => {
    const [a, b] = [unique('ingest-a'), unique('ingest-b')];
    expect(await t.repos.rateLimits.addCounts([{ key: a, count: 3 }], start)).toEqual([{ key: a, count: 3 }]);
    const totals = await t.repos.rateLimits.addCounts(
      [
        { key: a, count: 4 },
        { key: b, count: 1 },
      ],
      start,
    );
    expect(totals.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: a, count: 7 },
      { key: b, count: 1 },
    ]);
    // The next window starts again; a late flush of the window before is not added to it.
    expect(await t.repos.rateLimits.addCounts([{ key: a, count: 2 }], after(minute))).toEqual([
      { key: a, count: 2 },
    ]);
    expect(await t.repos.rateLimits.addCounts([{ key: a, count: 5 }], start)).toEqual([]);
    expect(await t.repos.rateLimits.addCounts([{ key: a, count: 1 }], after(minute))).toEqual([
      { key: a, count: 3 },
    ]);
  });

  it('keeps separate counts for separate keys', async () => {
    const [a, b] = [unique('a'), unique('b')];
    await t.repos.rateLimits.hit(a, minute, start);
    await t.repos.rateLimits.hit(a, minute, start);
    expect(await t.repos.rateLimits.hit(b, minute, start)).toEqual({ count: 1, windowStart: start });
  });

  it('counts simultaneous hits exactly once each', async () => {
    const key = unique('burst');
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => t.repos.rateLimits.hit(key, minute, start)),
    );
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('peeks at a live window without counting a hit', async () => {
    const key = unique('peek');
    expect(await t.repos.rateLimits.peek(key, minute, start)).toBeUndefined();
    await t.repos.rateLimits.hit(key, minute, start);
    await t.repos.rateLimits.hit(key, minute, after(5_000));
    const state = { count: 2, resetAt: after(minute) };
    expect(await t.repos.rateLimits.peek(key, minute, after(30_000))).toEqual(state);
    expect(await t.repos.rateLimits.peek(key, minute, after(30_000))).toEqual(state);
    expect(await t.repos.rateLimits.peek(key, minute, after(minute))).toBeUndefined();
  });

  it('clears a key so that its next hit starts from one', async () => {
    const key = unique('clear');
    await t.repos.rateLimits.hit(key, minute, start);
    await t.repos.rateLimits.hit(key, minute, start);
    await t.repos.rateLimits.clear(key);
    expect(await t.repos.rateLimits.peek(key, minute, start)).toBeUndefined();
    expect(await t.repos.rateLimits.hit(key, minute, after(1))).toEqual({ count: 1, windowStart: after(1) });
  });

  it('prunes the windows that ended and keeps the live ones', async () => {
    const [old, recent] = [unique('old'), unique('recent')];
    await t.repos.rateLimits.hit(old, minute, start);
    await t.repos.rateLimits.hit(recent, minute, after(2 * minute));
    expect(await t.repos.rateLimits.prune(after(2 * minute + 1), minute)).toBeGreaterThanOrEqual(1);
    expect(await t.repos.rateLimits.peek(old, 10 * minute, after(2 * minute + 1))).toBeUndefined();
    expect(await t.repos.rateLimits.peek(recent, minute, after(2 * minute + 1))).toEqual({
      count: 1,
      resetAt: after(3 * minute),
    });
  });
});
