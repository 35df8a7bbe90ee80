import { describe, expect, it } from 'vitest';
import { eachLine, splitList } from './each-line';
import { regex, validateFieldSync } from './rules';

describe('splitList', () => {
  it('splits on lines and commas, trimmed, without empties', () => {
    expect(splitList(' a.com\n\nb.com , c.com\n')).toEqual(['a.com', 'b.com', 'c.com']);
  });
});

describe('eachLine', () => {
  const hostnames = eachLine(regex(/^[a-z0-9.-]+\.[a-z]{2,}$/));
  const check = (value: string) => validateFieldSync([hostnames], value, { label: 'allowed domains' });

  it('passes when every line passes, and an empty list', () => {
    expect(check('example.com\nshop.example.com')).toBeNull();
    expect(check('')).toBeNull();
  });

  it('names the first line that fails', () => {
    expect(check('example.com\nnot a host\nalso bad')).toBe(
      'The allowed domains field format is invalid (“not a host”)',
    );
  });
});
