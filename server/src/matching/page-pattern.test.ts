import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_PATTERN_MAX_LENGTH, pagePattern, wildcardCount } from './page-pattern';

/**
 * The reference: the pattern's definition read literally, trying every way to split the path. Exponential
 * in the worst case, so only for the short inputs of the properties below.
 */
function referenceMatch(pattern: string, path: string): boolean {
  if (pattern === '') return path === '';
  if (pattern.startsWith('**')) {
    for (let i = 0; i <= path.length; i++) if (referenceMatch(pattern.slice(2), path.slice(i))) return true;
    return false;
  }
  if (pattern.startsWith('*')) {
    for (let i = 0; i <= path.length && !path.slice(0, i).includes('/'); i++) {
      if (referenceMatch(pattern.slice(1), path.slice(i))) return true;
    }
    return false;
  }
  return path[0] === pattern[0] && referenceMatch(pattern.slice(1), path.slice(1));
}

describe('goal page patterns', () => {
  it('match * within a segment, ** across, and the rest literally', () => {
    const blog = pagePattern('/blog/*');
    expect(['/blog/', '/blog/hello'].every((path) => blog.matches(path))).toBe(true);
    expect(['/blog', '/blog/a/b'].some((path) => blog.matches(path))).toBe(false);
    const docs = pagePattern('/docs/**');
    expect(['/docs/', '/docs/a/b/c'].every((path) => docs.matches(path))).toBe(true);
    expect(docs.matches('/docsx')).toBe(false);
    expect(pagePattern('/a.b?c').matches('/a.b?c')).toBe(true);
    expect(pagePattern('/a.b').matches('/axb')).toBe(false);
    expect(pagePattern('/**/edit').matches('/posts/1/edit')).toBe(true);
    expect(pagePattern('/*/edit').matches('/posts/1/edit')).toBe(false);
    expect(pagePattern('/p*t*/x').matches('/post/x')).toBe(true);
  });

  it('match exactly what the definition matches', () => {
    // Few letters, so that literals, slashes and wildcards meet often.
    const text = (max: number, chars: string[]) =>
      fc.array(fc.constantFrom(...chars), { maxLength: max }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text(10, ['a', 'b', '/', '*', '**']), text(14, ['a', 'b', '/']), (pattern, path) => {
        expect(pagePattern(pattern).matches(path)).toBe(referenceMatch(pattern, path));
      }),
      { numRuns: 20_000 },
    );
  });

  it('count wildcards, `**` as one', () => {
    expect(wildcardCount('/blog')).toBe(0);
    expect(wildcardCount('/blog/*/x/**')).toBe(2);
    expect(wildcardCount('/***')).toBe(2);
  });

  it('match a pathological pattern against a 2,000-character path in milliseconds', () => {
    // A backtracking regular expression of the same pattern takes minutes on the shorter of these paths.
    const patterns = [
      `/${'**a'.repeat(20)}b`,
      `/${'*a'.repeat(20)}b`,
      `/**${'a'.repeat(1900)}**b`,
      `/${'a**'.repeat(19)}${'a'.repeat(PAGE_PATTERN_MAX_LENGTH - 60)}`,
    ];
    const paths = [`/${'a'.repeat(1999)}`, `/${'a/'.repeat(999)}a`, `/${'a'.repeat(1998)}c`];
    for (const pattern of patterns) {
      const compiled = pagePattern(pattern);
      for (const path of paths) {
        const started = performance.now();
        for (let i = 0; i < 10; i++) compiled.matches(path);
        const each = (performance.now() - started) / 10;
        expect(each, `${pattern.slice(0, 20)}… against ${path.slice(0, 10)}…`).toBeLessThan(5);
      }
    }
  });
});
