import { describe, expect, it, vi } from 'vitest';
import { isNearViewport, LAZY_IMAGES, loadWithRetries, RecentSet, throttle } from './lazy-images';

describe('isNearViewport', () => {
  it('starts loading within 1.3 viewport heights below the top of the screen, and not beyond', () => {
    expect(isNearViewport({ top: 1290, bottom: 1400 }, 1000)).toBe(true);
    expect(isNearViewport({ top: 1310, bottom: 1400 }, 1000)).toBe(false);
  });

  it('keeps an image just scrolled past the top in range, but not one far above', () => {
    expect(isNearViewport({ top: -500, bottom: -250 }, 1000)).toBe(true);
    expect(isNearViewport({ top: -800, bottom: -350 }, 1000)).toBe(false);
  });
});

describe('RecentSet', () => {
  it('forgets the least recently added item past its capacity', () => {
    const set = new RecentSet(2);
    set.add('a');
    set.add('b');
    set.add('a');
    set.add('c');
    expect([set.has('a'), set.has('b'), set.has('c')]).toEqual([true, false, true]);
    expect(set.size).toBe(2);
  });

  it('holds 200 images at a time', () => {
    const set = new RecentSet(LAZY_IMAGES.cacheSize);
    for (let i = 0; i <= 200; i++) set.add(`/logo-${i}.png`);
    expect(set.size).toBe(200);
    expect(set.has('/logo-0.png')).toBe(false);
    expect(set.has('/logo-200.png')).toBe(true);
  });
});

describe('throttle', () => {
  it('runs at once, then at most once per window, with a last run for calls inside the window', () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn();
      const throttled = throttle(run, 200);
      throttled.call();
      throttled.call();
      throttled.call();
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(199);
      expect(run).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1000);
      expect(run).toHaveBeenCalledTimes(2);
      throttled.call();
      expect(run).toHaveBeenCalledTimes(3);
      throttled.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls the timers bare, as browsers refuse them called through another object', () => {
    // A browser's window.setTimeout throws "Illegal invocation" when its `this` is not the window.
    const browserLike = <F extends (...args: never[]) => unknown>(real: F) =>
      function (this: unknown, ...args: Parameters<F>) {
        if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
        return real(...args);
      };
    vi.stubGlobal('setTimeout', browserLike(setTimeout));
    vi.stubGlobal('clearTimeout', browserLike(clearTimeout));
    try {
      const throttled = throttle(() => {}, 200);
      expect(() => throttled.call()).not.toThrow();
      expect(() => throttled.cancel()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('loadWithRetries', () => {
  it('tries a failing image three times in all, then gives up without caching it', async () => {
    const fetchImage = vi.fn(() => Promise.reject(new Error('404')));
    const cache = new RecentSet(10);
    expect(await loadWithRetries('/a.png', fetchImage, cache, { pauseMs: 0 })).toBe(false);
    expect(fetchImage).toHaveBeenCalledTimes(3);
    expect(cache.has('/a.png')).toBe(false);
  });

  it('stops at the first success and remembers the image', async () => {
    const fetchImage = vi
      .fn<(src: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('reset'))
      .mockResolvedValueOnce(undefined);
    const cache = new RecentSet(10);
    expect(await loadWithRetries('/b.png', fetchImage, cache, { pauseMs: 0 })).toBe(true);
    expect(fetchImage).toHaveBeenCalledTimes(2);
    expect(cache.has('/b.png')).toBe(true);
  });
});
