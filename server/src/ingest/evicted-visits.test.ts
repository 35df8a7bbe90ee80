import { describe, expect, it } from 'vitest';
import { EvictedVisits } from './evicted-visits';
import { VISIT_TIMEOUT_MS } from './session-tracker';

describe('EvictedVisits', () => {
  const t0 = Date.parse('2026-06-01T10:00:00Z');
  const visitor = (i: number) => Math.floor(i * 2_654_435_761 + 12_345) % 2 ** 48;

  it('answers maybe for every visitor it holds, and seldom for others', () => {
    const evicted = new EvictedVisits();
    expect(evicted.isEmpty).toBe(true);
    for (let i = 0; i < 100_000; i++) evicted.add(1, visitor(i), t0);
    expect(evicted.isEmpty).toBe(false);
    for (let i = 0; i < 100_000; i++) expect(evicted.mayHold(1, visitor(i), t0 + 1)).toBe(true);
    let wrong = 0;
    for (let i = 100_000; i < 200_000; i++) if (evicted.mayHold(1, visitor(i), t0 + 1)) wrong++;
    expect(wrong).toBeLessThan(100);
    // Another company's visitor with the same id is another visitor.
    let elsewhere = 0;
    for (let i = 0; i < 10_000; i++) if (evicted.mayHold(2, visitor(i), t0 + 1)) elsewhere++;
    expect(elsewhere).toBeLessThan(10);
  });

  it('forgets visitors whose visits have ended, and can hold everyone for a while', () => {
    const evicted = new EvictedVisits();
    evicted.add(1, 42, t0);
    expect(evicted.mayHold(1, 42, t0 + VISIT_TIMEOUT_MS - 1)).toBe(true);
    evicted.expire(t0 + VISIT_TIMEOUT_MS + 5 * 60_000);
    expect(evicted.mayHold(1, 42, t0 + VISIT_TIMEOUT_MS + 5 * 60_000)).toBe(false);
    expect(evicted.isEmpty).toBe(true);
    evicted.addEveryone(t0 + 1_000);
    expect(evicted.mayHold(3, 7, t0)).toBe(true);
    evicted.expire(t0 + 1_000);
    expect(evicted.isEmpty).toBe(true);
  });
});
