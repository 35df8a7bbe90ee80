import { describe, expect, it } from 'vitest';
import { type SyncRule, validateFieldSync } from './rules-core';
import {
  between,
  credit_card,
  decimal,
  digits,
  integer,
  length,
  max,
  max_value,
  min,
  min_value,
  numeric,
} from './rules-numbers';

function check(rule: SyncRule, value: unknown): string | null {
  return validateFieldSync([rule], value, { label: 'amount' });
}

function passes(rule: SyncRule, value: unknown): boolean {
  return check(rule, value) === null;
}

describe('numeric', () => {
  it('accepts digits only', () => {
    expect(passes(numeric(), '0042')).toBe(true);
    expect(passes(numeric(), 42)).toBe(true);
    for (const value of ['-1', '1.5', '1e3', '١٢']) {
      expect(check(numeric(), value)).toBe('The amount field may only contain numeric characters');
    }
  });
});

describe('integer', () => {
  it('accepts whole numbers with an optional minus sign', () => {
    for (const value of ['0', '-12', '12', -3]) expect(passes(integer(), value)).toBe(true);
    for (const value of ['+1', '1.0', '--1', '-', 1.5]) {
      expect(check(integer(), value)).toBe('The amount field must be an integer');
    }
  });
});

describe('decimal', () => {
  it('accepts any number of decimals with a dot when no count is given', () => {
    for (const value of ['1', '-1.25', '0.123456', '.5', 2.75]) expect(passes(decimal(), value)).toBe(true);
    for (const value of ['1.', '1,5', '1.2.3', '-', 'abc']) {
      expect(check(decimal(), value)).toBe('The amount field must be numeric and may contain decimal points');
    }
  });

  it('limits the number of decimals when a count is given', () => {
    expect(passes(decimal(2), '3.14')).toBe(true);
    expect(passes(decimal(2), '3.1')).toBe(true);
    expect(check(decimal(2), '3.141')).toBe(
      'The amount field must be numeric and may contain 2 decimal points',
    );
  });

  it('accepts whole numbers only with a count of zero', () => {
    expect(passes(decimal(0), '3')).toBe(true);
    expect(passes(decimal(0), '3.0')).toBe(false);
  });

  it('uses the given separator instead of the dot', () => {
    expect(passes(decimal(2, ','), '3,14')).toBe(true);
    expect(passes(decimal(2, ','), '3.14')).toBe(false);
  });

  it('accepts exponent form as vee-validate does, counting the decimals written before the exponent', () => {
    for (const value of ['1e-7', '1E7', '-2.5e3', '.5e-2', 1e-7]) expect(passes(decimal(), value)).toBe(true);
    expect(passes(decimal(2), '3.14e5')).toBe(true);
    expect(passes(decimal(2), '3.141e5')).toBe(false);
    expect(passes(decimal(2, ','), '3,14e-2')).toBe(true);
    // vee-validate's exponent takes a minus sign but no plus sign; a count of zero takes no exponent.
    for (const value of ['1e', 'e5', '1e+7', '1e-', '1.e5', '1e5.5', '1e-7e1']) {
      expect(passes(decimal(), value)).toBe(false);
    }
    expect(passes(decimal(0), '1e3')).toBe(false);
  });
});

describe('digits', () => {
  it('accepts exactly the given number of digits', () => {
    expect(passes(digits(6), '012345')).toBe(true);
    for (const value of ['12345', '1234567', '12345a', '-12345']) {
      expect(check(digits(6), value)).toBe('The amount field must be numeric and exactly contain 6 digits');
    }
  });
});

describe('min, max and length', () => {
  it('min counts code points, so an emoji is one character', () => {
    expect(passes(min(3), 'ab👣')).toBe(true);
    expect(check(max(2), 'ab👣')).toBe('The amount field may not be greater than 2 characters');
    expect(check(min(4), 'ab👣')).toBe('The amount field must be at least 4 characters');
  });

  it('min and max accept the bounds themselves', () => {
    expect(passes(min(8), '12345678')).toBe(true);
    expect(passes(min(8), '1234567')).toBe(false);
    expect(passes(max(3), 'abc')).toBe(true);
    expect(passes(max(3), 'abcd')).toBe(false);
  });

  it('length requires the exact length of a string or an array', () => {
    expect(passes(length(2), 'ab')).toBe(true);
    expect(passes(length(2), ['a', 'b'])).toBe(true);
    expect(check(length(2), 'abc')).toBe('The amount field must be 2 long');
    expect(passes(length(2), ['a'])).toBe(false);
  });

  it('min and max count the items of an array', () => {
    expect(passes(min(2), ['a', 'b'])).toBe(true);
    expect(passes(min(2), ['a'])).toBe(false);
    expect(passes(max(1), ['a', 'b'])).toBe(false);
  });

  it('fail on a value that has no length', () => {
    expect(passes(min(1), { length: 3 })).toBe(false);
    expect(passes(max(10), true)).toBe(false);
  });
});

describe('min_value, max_value and between', () => {
  it('min_value accepts numbers and numeric text from the minimum up', () => {
    expect(passes(min_value(18), '18')).toBe(true);
    expect(passes(min_value(18), 18.5)).toBe(true);
    expect(check(min_value(18), '17.99')).toBe('The amount field must be 18 or more');
  });

  it('max_value accepts numbers up to the maximum', () => {
    expect(passes(max_value(100), 100)).toBe(true);
    expect(passes(max_value(0), '-3')).toBe(true);
    expect(check(max_value(100), '100.01')).toBe('The amount field must be 100 or less');
  });

  it('between includes both bounds', () => {
    expect(passes(between(1, 10), '1')).toBe(true);
    expect(passes(between(1, 10), 10)).toBe(true);
    expect(check(between(1, 10), 0)).toBe('The amount field must be between 1 and 10');
    expect(passes(between(1, 10), '10.5')).toBe(false);
  });

  it('reject text that Number() would have read as a number', () => {
    for (const value of ['0x10', '1e1', 'Infinity', '5 apples'])
      expect(passes(min_value(0), value)).toBe(false);
  });
});

describe('credit_card', () => {
  it('accepts valid card numbers with or without spaces and dashes', () => {
    for (const value of [
      '4111111111111111',
      '4111 1111 1111 1111',
      '5500-0000-0000-0004',
      '378282246310005',
    ]) {
      expect(passes(credit_card(), value)).toBe(true);
    }
  });

  it('rejects a number whose Luhn checksum is wrong', () => {
    expect(check(credit_card(), '4111111111111112')).toBe(
      'The amount field must be a valid credit card number',
    );
  });

  it('accepts 12 to 19 digits only', () => {
    expect(passes(credit_card(), '000000000000')).toBe(true);
    expect(passes(credit_card(), '00000000000')).toBe(false);
    expect(passes(credit_card(), '6011000000000000001')).toBe(true);
    expect(passes(credit_card(), '00000000000000000000')).toBe(false);
  });

  it('rejects letters, doubled or trailing separators and other punctuation', () => {
    for (const value of [
      '4111-1111-1111-111a',
      '4111  1111 1111 1111',
      '4111111111111111-',
      '4111.1111.1111.1111',
    ]) {
      expect(passes(credit_card(), value)).toBe(false);
    }
  });
});

describe('empty values', () => {
  it('pass every rule here, so an optional field may be left blank', () => {
    const rules = [
      numeric(),
      integer(),
      decimal(),
      digits(3),
      min(3),
      length(3),
      min_value(1),
      between(1, 2),
    ];
    for (const rule of rules) expect(passes(rule, '')).toBe(true);
    expect(passes(credit_card(), null)).toBe(true);
  });
});
