import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsAny, startsWithAny } from './text-set';

const text = (max: number) =>
  fc.array(fc.constantFrom('a', 'b', 'c', '/'), { maxLength: max }).map((parts) => parts.join(''));
const needles = fc.array(
  text(4).filter((needle) => needle !== ''),
  { minLength: 1, maxLength: 6 },
);

describe('several texts searched at once', () => {
  it('find what includes() finds', () => {
    fc.assert(
      fc.property(needles, text(16), (list, haystack) => {
        expect(containsAny(list)(haystack)).toBe(list.some((needle) => haystack.includes(needle)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('find the prefixes startsWith() finds', () => {
    fc.assert(
      fc.property(needles, text(8), (list, haystack) => {
        expect(startsWithAny(list)(haystack)).toBe(list.some((needle) => haystack.startsWith(needle)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('cost one pass over the text, however many needles', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `${'a'.repeat(i % 400)}b`);
    const search = containsAny(many);
    const haystack = 'a'.repeat(2_000);
    const started = performance.now();
    for (let i = 0; i < 100; i++) search(haystack);
    expect((performance.now() - started) / 100).toBeLessThan(2);
    expect(search(`${haystack}b`)).toBe(true);
  });
});
