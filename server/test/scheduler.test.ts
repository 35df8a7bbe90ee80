import { expect, test } from 'vitest';
import { nextAttemptAt } from '../src/scheduler/backoff';
import { createScheduler } from '../src/scheduler/scheduler';
import { useTestApp } from './support/app';

const t = useTestApp();
const MINUTE = 60_000;

test('a task runs when due, once per interval, and on one of two schedulers sharing the database', async () => {
  const first = createScheduler(t.app);
  const second = createScheduler(t.app);
  const runs: string[] = [];
  for (const [scheduler, label] of [
    [first, 'first'],
    [second, 'second'],
  ] as const) {
    scheduler.add({ name: 'count-runs', everyMs: 10 * MINUTE, run: async () => runs.push(label) });
  }

  expect(await first.tick()).toEqual(['count-runs']);
  expect(await second.tick()).toEqual([]);
  t.clock.advance(9 * MINUTE);
  expect(await Promise.all([first.tick(), second.tick()])).toEqual([[], []]);
  t.clock.advance(MINUTE);
  const [a, b] = await Promise.all([second.tick(), first.tick()]);
  expect([...a, ...b]).toEqual(['count-runs']);
  expect(runs).toHaveLength(2);
});

test('a failing task is logged and runs again when next due; the other tasks still run', async () => {
  const scheduler = createScheduler(t.app);
  let attempts = 0;
  scheduler.add({
    name: 'always-fails',
    everyMs: MINUTE,
    run: async () => {
      attempts += 1;
      throw new Error('the receiver is down');
    },
  });
  scheduler.add({ name: 'fine', everyMs: MINUTE, run: async () => undefined });
  expect(await scheduler.tick()).toEqual(['always-fails', 'fine']);
  t.clock.advance(MINUTE);
  expect(await scheduler.tick()).toEqual(['always-fails', 'fine']);
  expect(attempts).toBe(2);
});

test('a run that outlasts its interval keeps its lease until an interval after it ended', async () => {
  const first = createScheduler(t.app);
  const second = createScheduler(t.app);
  const slow = { name: 'slow', everyMs: MINUTE, run: async () => t.clock.advance(5 * MINUTE) };
  first.add(slow);
  second.add(slow);
  expect(await first.tick()).toEqual(['slow']);
  // The run ended five minutes after it began: its lease holds for a minute from there.
  t.clock.advance(MINUTE / 2);
  expect(await second.tick()).toEqual([]);
  t.clock.advance(MINUTE / 2 + 1000);
  expect(await second.tick()).toEqual(['slow']);
});

test('one tick runs at a time: a second call while one runs shares it', async () => {
  const scheduler = createScheduler(t.app);
  let runs = 0;
  scheduler.add({
    name: 'shared-tick',
    everyMs: MINUTE,
    run: async () => {
      runs += 1;
    },
  });
  const [a, b] = await Promise.all([scheduler.tick(), scheduler.tick()]);
  expect(a).toBe(b);
  expect(runs).toBe(1);
});

test('the hourly maintenance is scheduled with the app', async () => {
  t.clock.advance(24 * 60 * MINUTE);
  expect(await t.app.scheduler.tick()).toContain('maintenance');
  expect(await t.app.scheduler.tick()).not.toContain('maintenance');
});

test('retries back off exponentially from a minute to at most six hours', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  const waits = [1, 2, 3, 4, 10, 20].map((n) => (nextAttemptAt(n, at).getTime() - at.getTime()) / MINUTE);
  expect(waits).toEqual([1, 2, 4, 8, 360, 360]);
});
