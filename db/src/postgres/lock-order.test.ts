import { describe, expect, it } from 'vitest';
import { inLockOrder } from './lock-order';

describe('inLockOrder', () => {
  it('compares numbers as numbers and then text, part by part, without changing the list it was given', () => {
    const rows = [
      { company: 10, day: '2026-01-02' },
      { company: 9, day: '2026-01-03' },
      { company: 10, day: '2026-01-01' },
      { company: 9, day: '2026-01-01' },
    ];
    const before = [...rows];
    expect(inLockOrder(rows, (r) => [r.company, r.day])).toEqual([
      { company: 9, day: '2026-01-01' },
      { company: 9, day: '2026-01-03' },
      { company: 10, day: '2026-01-01' },
      { company: 10, day: '2026-01-02' },
    ]);
    expect(rows).toEqual(before);
  });
});
