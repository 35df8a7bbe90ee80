import { describe, expect, it } from 'vitest';
import { isHeaderTopPath } from './header-top';

describe('isHeaderTopPath', () => {
  it('is true for the home page, the legal pages and everything under /blogs', () => {
    for (const path of ['/home', '/terms-and-conditions', '/privacy-policy', '/blogs', '/blogs/12']) {
      expect(isHeaderTopPath(path)).toBe(true);
    }
  });

  it('ignores a trailing slash', () => {
    expect(isHeaderTopPath('/home/')).toBe(true);
    expect(isHeaderTopPath('/blogs/')).toBe(true);
  });

  it('is false for signed-in pages and for paths that merely start like a header-top path', () => {
    for (const path of ['/', '/dashboard/3', '/homepage', '/blogsx', '/home/more', '/privacy-policy-old']) {
      expect(isHeaderTopPath(path)).toBe(false);
    }
  });
});
