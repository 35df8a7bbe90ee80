import { describe, expect, it } from 'vitest';
import { type FormValues, type SyncRule, validateFieldSync } from './rules-core';
import {
  alpha,
  alpha_dash,
  alpha_num,
  alpha_spaces,
  confirmed,
  excluded,
  included,
  is,
  is_not,
  regex,
  required,
  required_if,
} from './rules-text';

function check(rule: SyncRule, value: unknown, values: FormValues = {}): string | null {
  return validateFieldSync([rule], value, { label: 'name', values });
}

function passes(rule: SyncRule, value: unknown, values: FormValues = {}): boolean {
  return check(rule, value, values) === null;
}

describe('required', () => {
  it('fails on an empty string, whitespace, null, undefined, an empty array and false', () => {
    for (const value of ['', '   ', null, undefined, [], false]) {
      expect(check(required(), value)).toBe('The name field is required');
    }
  });

  it('passes on text, zero, true and a non-empty array', () => {
    for (const value of ['a', 0, true, ['x']]) expect(passes(required(), value)).toBe(true);
  });
});

describe('required_if', () => {
  it('requires the value while the other field is filled in, when no values are given', () => {
    expect(check(required_if('company'), '', { company: 'Acme' })).toBe('The name field is required');
    expect(passes(required_if('company'), '', { company: '  ' })).toBe(true);
    expect(passes(required_if('company'), 'Ada', { company: 'Acme' })).toBe(true);
  });

  it('requires the value only while the other field holds one of the given values', () => {
    const rule = required_if('contact', ['email', 'both']);
    expect(passes(rule, '', { contact: 'email' })).toBe(false);
    expect(passes(rule, '', { contact: 'both' })).toBe(false);
    expect(passes(rule, '', { contact: 'phone' })).toBe(true);
  });
});

describe('confirmed', () => {
  it('passes when the value equals the target field’s value and fails with its message otherwise', () => {
    expect(passes(confirmed('password'), 'hunter22', { password: 'hunter22' })).toBe(true);
    expect(check(confirmed('password'), 'hunter23', { password: 'hunter22' })).toBe(
      'The name does not match the password',
    );
  });

  it('fails on a blank confirmation of a filled-in target but passes when both are blank', () => {
    expect(passes(confirmed('password'), '', { password: 'hunter22' })).toBe(false);
    expect(passes(confirmed('password'), '', { password: '' })).toBe(true);
  });
});

describe('is and is_not', () => {
  it('is passes only on the expected value, strictly compared', () => {
    expect(passes(is('yes'), 'yes')).toBe(true);
    expect(check(is(1), '1')).toBe('The name value is not valid');
  });

  it('is_not fails only on the unexpected value', () => {
    expect(check(is_not('admin'), 'admin')).toBe('The name value is not valid');
    expect(passes(is_not('admin'), 'Admin')).toBe(true);
  });

  it('both let an empty value through', () => {
    expect(passes(is('yes'), '')).toBe(true);
    expect(passes(is_not(''), '')).toBe(true);
  });
});

describe('included and excluded', () => {
  it('included passes on a listed value and on an array of listed values only', () => {
    const rule = included(['red', 'green']);
    expect(passes(rule, 'red')).toBe(true);
    expect(passes(rule, ['red', 'green'])).toBe(true);
    expect(check(rule, 'blue')).toBe('The name field is not a valid value');
    expect(passes(rule, ['red', 'blue'])).toBe(false);
  });

  it('excluded fails on a listed value or an array holding one', () => {
    const rule = excluded(['root', 'admin']);
    expect(check(rule, 'root')).toBe('The name field is not a valid value');
    expect(passes(rule, ['ada', 'admin'])).toBe(false);
    expect(passes(rule, 'ada')).toBe(true);
  });

  it('compare loosely, as vee-validate does, since a select gives the text of a value listed as a number', () => {
    expect(passes(included([1, 2]), '1')).toBe(true);
    expect(passes(included([1, 2]), ['1', '2'])).toBe(true);
    expect(passes(included([1, 2]), '3')).toBe(false);
    expect(check(excluded([0, 13]), '13')).toBe('The name field is not a valid value');
    expect(passes(excluded([13]), ['1', '13'])).toBe(false);
    expect(passes(excluded([13]), '14')).toBe(true);
  });
});

describe('regex', () => {
  it('passes on a match and fails with its message otherwise', () => {
    expect(passes(regex(/^[A-Z]{3}$/), 'EUR')).toBe(true);
    expect(check(regex(/^[A-Z]{3}$/), 'eur')).toBe('The name field format is invalid');
  });

  it('gives the same answer on every call with a global pattern', () => {
    const rule = regex(/^\d+$/g);
    expect([passes(rule, '12'), passes(rule, '12'), passes(rule, '12')]).toEqual([true, true, true]);
  });
});

describe('alpha rules', () => {
  it('alpha accepts letters of any script, decomposed accents included, and nothing else', () => {
    for (const value of ['Zoë', 'Ødegård', '東京', 'Cafe\u0301', 'हिन्दी'])
      expect(passes(alpha(), value)).toBe(true);
    expect(check(alpha(), 'abc1')).toBe('The name field may only contain alphabetic characters');
    expect(passes(alpha(), 'a b')).toBe(false);
  });

  it('alpha_num also accepts digits', () => {
    expect(passes(alpha_num(), 'Zoë42')).toBe(true);
    expect(check(alpha_num(), 'a-1')).toBe('The name field may only contain alpha-numeric characters');
  });

  it('alpha_dash also accepts dashes and underscores', () => {
    expect(passes(alpha_dash(), 'my_slug-2')).toBe(true);
    expect(check(alpha_dash(), 'my slug')).toBe(
      'The name field may contain alpha-numeric characters as well as dashes and underscores',
    );
  });

  it('alpha_num and alpha_dash take decimal digits of any script but no other kind of number', () => {
    for (const value of ['abc١٢٣', 'x४२', 'ab_１２']) expect(passes(alpha_dash(), value)).toBe(true);
    expect(passes(alpha_num(), 'abc١٢٣')).toBe(true);
    // A fraction, a superscript, a Roman numeral and a circled digit are numbers but not digits.
    for (const value of ['½', 'x²', 'Ⅻ', '①']) {
      for (const rule of [alpha(), alpha_num(), alpha_dash(), alpha_spaces()]) {
        expect(passes(rule, value)).toBe(false);
      }
    }
  });

  it('alpha_spaces accepts letters and spaces but not digits', () => {
    expect(passes(alpha_spaces(), 'Jean Zoë')).toBe(true);
    expect(check(alpha_spaces(), 'Jean 2')).toBe(
      'The name field may only contain alphabetic characters as well as spaces',
    );
  });
});

describe('optional fields', () => {
  it('every rule here but required, required_if and confirmed lets a blank value through', () => {
    const rules = [alpha(), alpha_num(), alpha_dash(), alpha_spaces(), regex(/^x$/)];
    for (const rule of rules)
      for (const value of ['', '  ', null, undefined]) expect(passes(rule, value)).toBe(true);
  });

  it('text rules fail on a value that is neither text nor a number', () => {
    expect(passes(alpha(), { name: 'a' })).toBe(false);
    expect(passes(alpha_num(), true)).toBe(false);
  });
});
