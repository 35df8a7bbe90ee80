import { describe, expect, it } from 'vitest';
import { firstFreeSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Reading your "Sources" report!', 'reading-your-sources-report'],
    ['  Crème brûlée & café  ', 'creme-brulee-cafe'],
    ['Why Footfall sets no cookies', 'why-footfall-sets-no-cookies'],
    ['---', 'post'],
    ['日本語', 'post'],
  ])('makes %j into %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps long slugs to 80 characters without a trailing hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});

describe('firstFreeSlug', () => {
  it('answers the base when free, else the first free numbered one', () => {
    expect(firstFreeSlug('post', [])).toBe('post');
    expect(firstFreeSlug('post', ['post'])).toBe('post-2');
    expect(firstFreeSlug('post', ['post', 'post-2', 'post-4'])).toBe('post-3');
  });
});
