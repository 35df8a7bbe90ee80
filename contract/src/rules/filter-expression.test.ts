import { describe, expect, it } from 'vitest';
import { escapeFilterValue, parseFilter, parseFilters, printFilter } from './filter-expression';

/** Every text of 1 to `length` characters over `alphabet`. */
function everyText(alphabet: readonly string[], length: number): string[] {
  let texts = [''];
  const all: string[] = [];
  for (let size = 1; size <= length; size += 1) {
    texts = texts.flatMap((text) => alphabet.map((char) => text + char));
    all.push(...texts);
  }
  return all;
}

/** The operators' characters, the escape, and plain text: every way they can meet in a short value. */
const ALPHABET = ['!', '~', '|', '\\', 'a'];

describe('parseFilter', () => {
  it('reads is, is not, contains and alternatives', () => {
    expect(parseFilter('/pricing')).toEqual({ negate: false, contains: false, alternatives: ['/pricing'] });
    expect(parseFilter('!/admin*')).toEqual({ negate: true, contains: false, alternatives: ['/admin*'] });
    expect(parseFilter('US|DE')).toEqual({ negate: false, contains: false, alternatives: ['US', 'DE'] });
    expect(parseFilter('~goo')).toEqual({ negate: false, contains: true, alternatives: ['goo'] });
    expect(parseFilter('!~bot|spider')).toEqual({
      negate: true,
      contains: true,
      alternatives: ['bot', 'spider'],
    });
  });

  it('takes escaped operators literally', () => {
    expect(parseFilter('\\!important')?.alternatives).toEqual(['!important']);
    expect(parseFilter('a\\|b')?.alternatives).toEqual(['a|b']);
    expect(parseFilter('\\~x|y\\\\z')?.alternatives).toEqual(['~x', 'y\\z']);
    expect(parseFilter('a\\b')?.alternatives).toEqual(['a\\b']);
    expect(parseFilter('\\!important')?.alternatives).toEqual(['!important']);
  });

  it('names nothing when empty or with an empty alternative', () => {
    for (const raw of ['', '!', '~', '!~', 'a|', '|a', 'a||b']) expect(parseFilter(raw)).toBeUndefined();
  });
});

describe('printFilter', () => {
  it('writes what parseFilter reads back as it was meant, for every operator and tricky values', () => {
    const values = everyText(ALPHABET, 2);
    for (const negate of [false, true]) {
      for (const contains of [false, true]) {
        for (const first of values) {
          for (const second of values) {
            const expression = { negate, contains, alternatives: [first, second] };
            const written = printFilter(expression);
            expect(parseFilter(written), written).toEqual(expression);
          }
        }
      }
    }
  });

  it('reads any value back to the same value when it names something', () => {
    for (const raw of everyText(ALPHABET, 5)) {
      const read = parseFilter(raw);
      if (read) expect(parseFilter(printFilter(read)), raw).toEqual(read);
    }
  });

  it('leaves out empty alternatives, and is empty without any', () => {
    expect(printFilter({ negate: true, contains: false, alternatives: ['', 'x'] })).toBe('!x');
    expect(printFilter({ negate: false, contains: true, alternatives: [''] })).toBe('');
    expect(escapeFilterValue('!a|b')).toBe('\\!a\\|b');
  });
});

describe('parseFilters', () => {
  it('reads each filter of a query once, by its name, and leaves out those that name nothing', () => {
    expect(parseFilters({ page: '!/admin*', country: 'US|DE', 'prop:plan': '~pro', source: '' })).toEqual({
      page: { negate: true, contains: false, alternatives: ['/admin*'] },
      country: { negate: false, contains: false, alternatives: ['US', 'DE'] },
      'prop:plan': { negate: false, contains: true, alternatives: ['pro'] },
    });
  });
});
