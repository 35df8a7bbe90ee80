import { describe, expect, it } from 'vitest';
import { splitAtBreakPoints } from './break-points';

describe('splitAtBreakPoints', () => {
  it('cuts a path with its query after each separator, keeping the words whole', () => {
    expect(splitAtBreakPoints('/blog/first-post?utm_source=news&ref=a.b')).toEqual([
      '/',
      'blog/',
      'first-',
      'post?',
      'utm_',
      'source=',
      'news&',
      'ref=',
      'a.',
      'b',
    ]);
  });

  it('keeps a run of separators together, and numbers whole', () => {
    expect(splitAtBreakPoints('https://example.com/2025/')).toEqual([
      'https://',
      'example.',
      'com/',
      '2025/',
    ]);
    expect(splitAtBreakPoints('12,345')).toEqual(['12,345']);
  });

  it('answers a text without separators as it is', () => {
    expect(splitAtBreakPoints('Germany')).toEqual(['Germany']);
    expect(splitAtBreakPoints('')).toEqual(['']);
  });
});
