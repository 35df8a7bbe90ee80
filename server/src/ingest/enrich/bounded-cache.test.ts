import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('returns what was stored and undefined for unknown keys', () => {
    const cache = new BoundedCache<string, number>(10);
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });

  it('never holds more than twice its capacity', () => {
    const cache = new BoundedCache<number, number>(100);
    for (let i = 0; i < 10_000; i++) cache.set(i, i);
    expect(cache.size).toBeLessThanOrEqual(200);
    expect(cache.get(9_999)).toBe(9_999);
    expect(cache.get(0)).toBeUndefined();
  });

  it('keeps an entry that is read while others come and go', () => {
    const cache = new BoundedCache<string, string>(4);
    cache.set('hot', 'kept');
    for (let i = 0; i < 50; i++) {
      cache.set(`cold-${i}`, 'x');
      expect(cache.get('hot')).toBe('kept');
    }
  });

  it('drops an entry that is never read again after two generations', () => {
    const cache = new BoundedCache<string, string>(4);
    cache.set('once', 'x');
    for (let i = 0; i < 8; i++) cache.set(`other-${i}`, 'y');
    expect(cache.get('once')).toBeUndefined();
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
    expect(() => new BoundedCache(1.5)).toThrow(RangeError);
  });

  it('age() drops what was not used since the previous age()', () => {
    const cache = new BoundedCache<string, number>(100);
    cache.set('used', 1);
    cache.set('idle', 2);
    cache.age();
    expect(cache.get('used')).toBe(1);
    cache.age();
    expect(cache.get('used')).toBe(1);
    expect(cache.get('idle')).toBeUndefined();
    cache.age();
    cache.age();
    expect(cache.size).toBe(0);
  });
});
