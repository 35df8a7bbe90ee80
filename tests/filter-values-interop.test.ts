import { expect, test } from 'vitest';
import {
  decodeFilter,
  encodeFilter,
  FILTER_OPERATORS,
  isContains,
  isNegated,
} from '../dashboard/src/lib/filter-expression';
import { parseFilter } from '../server/src/analytics/filter-values';

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

const ALPHABET = ['!', '~', '|', '\\', 'a'];

test('the server reads what the filter editor writes as the editor meant it', () => {
  const values = everyText(ALPHABET, 2);
  for (const operator of FILTER_OPERATORS) {
    for (const first of values) {
      for (const second of values) {
        const written = encodeFilter({ operator, values: [first, second] });
        expect(parseFilter(written), written).toEqual({
          negate: isNegated(operator),
          contains: isContains(operator),
          alternatives: [first, second],
        });
      }
    }
  }
});

test('the dashboard reads any filter value as the server does, refusing the same ones', () => {
  for (const raw of everyText(ALPHABET, 5)) {
    const server = parseFilter(raw);
    const dashboard = decodeFilter(raw);
    if (!server) {
      expect(dashboard, raw).toBeUndefined();
      continue;
    }
    expect(dashboard, raw).toEqual({
      operator: FILTER_OPERATORS.find(
        (operator) => isNegated(operator) === server.negate && isContains(operator) === server.contains,
      ),
      values: server.alternatives,
    });
  }
});
