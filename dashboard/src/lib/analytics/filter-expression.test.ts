import { describe, expect, it } from 'vitest';
import {
  decodeFilter,
  encodeFilter,
  escapeFilterValue,
  FILTER_OPERATORS,
  type FilterCondition,
  splitTypedValues,
} from './filter-expression';

/** Values made of the operators' characters, the escape and text (the contract's test tries them all). */
const TRICKY = ['!', '~', '|', '\\', '!~', '~!', 'a|b', '\\!', 'a\\', '!a|', '||', '\\\\'];

describe('encodeFilter', () => {
  it('writes each operator as the API reads it', () => {
    expect(encodeFilter({ operator: 'is', values: ['US'] })).toBe('US');
    expect(encodeFilter({ operator: 'is_not', values: ['US', 'DE'] })).toBe('!US|DE');
    expect(encodeFilter({ operator: 'contains', values: ['blog'] })).toBe('~blog');
    expect(encodeFilter({ operator: 'does_not_contain', values: ['goo', 'bing'] })).toBe('!~goo|bing');
  });

  it('escapes a backslash and a bar anywhere, and a leading ! or ~ of any value', () => {
    expect(encodeFilter({ operator: 'is', values: ['!important'] })).toBe('\\!important');
    expect(encodeFilter({ operator: 'is_not', values: ['~user', 'a|b', 'c\\d'] })).toBe(
      '!\\~user|a\\|b|c\\\\d',
    );
    expect(encodeFilter({ operator: 'contains', values: ['!'] })).toBe('~\\!');
    // Inside a value, ! and ~ are plain text to the API and stay unescaped.
    expect(encodeFilter({ operator: 'is', values: ['Hello!', 'a~b'] })).toBe('Hello!|a~b');
  });

  it('leaves out empty values, and is empty without any', () => {
    expect(encodeFilter({ operator: 'is', values: ['', 'x', ''] })).toBe('x');
    expect(encodeFilter({ operator: 'is_not', values: [] })).toBe('');
    expect(encodeFilter({ operator: 'contains', values: [''] })).toBe('');
  });
});

describe('decodeFilter', () => {
  it('reads the operators and the alternatives', () => {
    expect(decodeFilter('US')).toEqual({ operator: 'is', values: ['US'] });
    expect(decodeFilter('!US|DE')).toEqual({ operator: 'is_not', values: ['US', 'DE'] });
    expect(decodeFilter('~blog')).toEqual({ operator: 'contains', values: ['blog'] });
    expect(decodeFilter('!~goo|bing')).toEqual({ operator: 'does_not_contain', values: ['goo', 'bing'] });
    expect(decodeFilter('/admin*')).toEqual({ operator: 'is', values: ['/admin*'] });
  });

  it('reads escapes as the characters they write, and keeps a backslash before anything else', () => {
    expect(decodeFilter('\\!important')).toEqual({ operator: 'is', values: ['!important'] });
    expect(decodeFilter('!\\~user|a\\|b|c\\\\d')).toEqual({
      operator: 'is_not',
      values: ['~user', 'a|b', 'c\\d'],
    });
    expect(decodeFilter('C:\\temp')).toEqual({ operator: 'is', values: ['C:\\temp'] });
    expect(decodeFilter('trailing\\')).toEqual({ operator: 'is', values: ['trailing\\'] });
  });

  it('reads ~ before ! as text, as the API does', () => {
    expect(decodeFilter('~!x')).toEqual({ operator: 'contains', values: ['!x'] });
  });

  it('refuses a value that names nothing: empty, an operator alone, or an empty alternative', () => {
    for (const raw of ['', '!', '~', '!~', 'a|', '|a', 'a||b', '!|a']) {
      expect(decodeFilter(raw), raw).toBeUndefined();
    }
  });
});

describe('round trips', () => {
  it('reads back every operator with any one value made of operators, escapes and text', () => {
    for (const operator of FILTER_OPERATORS) {
      for (const value of TRICKY) {
        const condition: FilterCondition = { operator, values: [value] };
        expect(decodeFilter(encodeFilter(condition)), JSON.stringify(condition)).toEqual(condition);
      }
    }
  });

  it('reads back two alternatives of every such kind', () => {
    for (const operator of FILTER_OPERATORS) {
      for (const first of TRICKY) {
        for (const second of TRICKY) {
          const condition: FilterCondition = { operator, values: [first, second] };
          expect(decodeFilter(encodeFilter(condition))).toEqual(condition);
        }
      }
    }
  });

  it('writes back what it read, for anything the API takes that is written canonically', () => {
    for (const raw of ['!US|DE', '~blog', '!~a\\|b|\\\\', '\\!x|y!', '\\~', 'a\\\\']) {
      const condition = decodeFilter(raw);
      expect(condition, raw).toBeDefined();
      expect(encodeFilter(condition as FilterCondition)).toBe(raw);
    }
  });

  it('escapes a clicked value so that it reads back as itself', () => {
    for (const value of TRICKY) {
      expect(decodeFilter(escapeFilterValue(value))).toEqual({ operator: 'is', values: [value] });
    }
  });
});

describe('splitTypedValues', () => {
  it('splits at commas and trims, dropping empty pieces', () => {
    expect(splitTypedValues(' US, DE ,,')).toEqual(['US', 'DE']);
    expect(splitTypedValues('   ')).toEqual([]);
    expect(splitTypedValues('/blog')).toEqual(['/blog']);
  });
});
