import { describe, expect, it, vi } from 'vitest';
import {
  type AsyncRule,
  after,
  alpha,
  alpha_dash,
  alpha_num,
  alpha_spaces,
  before,
  between,
  confirmed,
  credit_card,
  date_between,
  date_format,
  decimal,
  defaultLabel,
  digits,
  dimensions,
  email,
  excluded,
  ext,
  image,
  included,
  integer,
  ip,
  ip_or_fqdn,
  is,
  is_not,
  isEmpty,
  length,
  max,
  max_value,
  mimes,
  min,
  min_value,
  numeric,
  type Rule,
  type RuleName,
  regex,
  required,
  required_if,
  size,
  url,
  validateField,
  validateFieldSync,
  validateForm,
  validateFormSync,
} from './rules';

const signUp = {
  email: [required(), email()],
  password: [required(), min(8)],
  password_confirmation: [required(), confirmed('password')],
};

describe('the rule set', () => {
  it('has one rule for each of the classic vee-validate names, each carrying its name', () => {
    const rules: Record<RuleName, Rule> = {
      after: after('2024-01-01', { format: 'yyyy-MM-dd' }),
      alpha: alpha(),
      alpha_dash: alpha_dash(),
      alpha_num: alpha_num(),
      alpha_spaces: alpha_spaces(),
      before: before('2024-01-01', { format: 'yyyy-MM-dd' }),
      between: between(1, 2),
      confirmed: confirmed('other'),
      credit_card: credit_card(),
      date_between: date_between('2024-01-01', '2024-12-31', { format: 'yyyy-MM-dd' }),
      date_format: date_format('yyyy-MM-dd'),
      decimal: decimal(),
      digits: digits(4),
      dimensions: dimensions(1, 1),
      email: email(),
      excluded: excluded([]),
      ext: ext(['png']),
      image: image(),
      included: included([]),
      integer: integer(),
      ip: ip(),
      ip_or_fqdn: ip_or_fqdn(),
      is: is(1),
      is_not: is_not(1),
      length: length(1),
      max: max(1),
      max_value: max_value(1),
      mimes: mimes(['image/png']),
      min: min(1),
      min_value: min_value(1),
      numeric: numeric(),
      regex: regex(/x/),
      required: required(),
      required_if: required_if('other'),
      size: size(1),
      url: url(),
    };
    for (const [name, rule] of Object.entries(rules)) expect(rule.name).toBe(name);
    expect(Object.keys(rules)).toHaveLength(36);
  });
});

describe('isEmpty', () => {
  it('counts null, undefined, NaN, false, blank strings and empty arrays as empty', () => {
    for (const value of [null, undefined, Number.NaN, false, '', '  \t\n', []])
      expect(isEmpty(value)).toBe(true);
  });

  it('counts zero, true, a space-padded word, a non-empty array and a file as filled in', () => {
    for (const value of [0, true, ' a ', [''], new File([], 'a.txt')]) expect(isEmpty(value)).toBe(false);
  });

  it('counts an empty FileList as empty and a non-empty one as filled in', () => {
    class FakeFileList {
      constructor(readonly length: number) {}
    }
    vi.stubGlobal('FileList', FakeFileList);
    try {
      expect(isEmpty(new FakeFileList(0))).toBe(true);
      expect(isEmpty(new FakeFileList(2))).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('defaultLabel', () => {
  it('names a field by its key with underscores as spaces', () => {
    expect(defaultLabel('password_confirmation')).toBe('password confirmation');
  });
});

describe('validateFormSync', () => {
  it('returns no errors for a valid form', () => {
    const values = {
      email: 'ada@example.com',
      password: 'correct horse',
      password_confirmation: 'correct horse',
    };
    expect(validateFormSync(signUp, values)).toEqual({});
  });

  it('returns the first failing rule’s message for each failing field, named by its default label', () => {
    const errors = validateFormSync(signUp, { email: '', password: 'short', password_confirmation: 'other' });
    expect(errors).toEqual({
      email: 'The email field is required',
      password: 'The password field must be at least 8 characters',
      password_confirmation: 'The password confirmation does not match the password',
    });
  });

  it('names fields by the labels it is given', () => {
    const errors = validateFormSync(
      signUp,
      { email: 'nope', password: 'long enough', password_confirmation: 'x' },
      {
        labels: { email: 'work email', password_confirmation: 'repeated password' },
      },
    );
    expect(errors).toEqual({
      email: 'The work email field must be a valid email',
      password_confirmation: 'The repeated password does not match the password',
    });
  });

  it('passes the labels on to rules that name another field', () => {
    const schema = { end: [after({ field: 'start' }, { format: 'yyyy-MM-dd' })] };
    const values = { start: '2024-05-10', end: '2024-05-01' };
    expect(validateFormSync(schema, values, { labels: { start: 'start date', end: 'end date' } })).toEqual({
      end: 'The end date field must be after start date',
    });
  });
});

describe('validateForm', () => {
  const fakeReader = vi.fn(async () => ({ width: 64, height: 64 }));
  const avatar = { avatar: [size(1), dimensions(64, 64, { reader: fakeReader })] };

  it('awaits asynchronous rules and reports their message', async () => {
    const schema = { avatar: [dimensions(32, 32, { reader: fakeReader })] };
    await expect(validateForm(schema, { avatar: new File(['x'], 'a.png') })).resolves.toEqual({
      avatar: 'The avatar field must be 32 pixels by 32 pixels',
    });
  });

  it('gives the same errors as validateFormSync for synchronous rules', async () => {
    const values = { email: 'a@b', password: '', password_confirmation: '' };
    await expect(validateForm(signUp, values)).resolves.toEqual(validateFormSync(signUp, values));
  });

  it('stops at a field’s first failure, so a file already too big is never decoded', async () => {
    fakeReader.mockClear();
    const errors = await validateForm(avatar, { avatar: new File([new Uint8Array(2048)], 'a.png') });
    expect(errors).toEqual({ avatar: 'The avatar field size must be less than 1KB' });
    expect(fakeReader).not.toHaveBeenCalled();
  });

  it('lists the failing fields in the schema’s order whatever order the checks finish in', async () => {
    const slow: AsyncRule = {
      name: 'dimensions',
      async: true,
      check: () => new Promise((resolve) => setTimeout(() => resolve('slow'), 5)),
    };
    const errors = await validateForm({ first: [slow], second: [required()] }, {});
    expect(Object.keys(errors)).toEqual(['first', 'second']);
  });
});

describe('validateField', () => {
  it('checks one value with the given label and the form’s other values', async () => {
    const rules = [required(), confirmed('password')];
    const options = { label: 'password confirmation', values: { password: 'secret' } };
    await expect(validateField(rules, 'secret', options)).resolves.toBeNull();
    await expect(validateField(rules, 'Secret', options)).resolves.toBe(
      'The password confirmation does not match the password',
    );
  });

  it('has a synchronous twin for synchronous rules', () => {
    expect(validateFieldSync([required(), min(3)], 'ab', { label: 'name' })).toBe(
      'The name field must be at least 3 characters',
    );
    expect(validateFieldSync([required(), min(3)], 'abc', { label: 'name' })).toBeNull();
  });
});
