import { isEmpty, optionalRule, type SyncRule, syncRule, textRule } from './rules-core';

/** Fails on an empty value: see {@link isEmpty}. */
export function required(): SyncRule {
  return syncRule('required', (value, { label }) =>
    isEmpty(value) ? `The ${label} field is required` : null,
  );
}

/**
 * Like {@link required}, but only while another field asks for it: when that field's value is one of
 * `values` (strict equality) or, with no `values`, whenever that field is filled in.
 */
export function required_if(field: string, values: readonly unknown[] = []): SyncRule {
  return syncRule('required_if', (value, { label, values: form }) => {
    const other = form[field];
    const applies = values.length > 0 ? values.includes(other) : !isEmpty(other);
    return applies && isEmpty(value) ? `The ${label} field is required` : null;
  });
}

/**
 * The value must equal (strictly) the value of field `target`, as a confirmation field repeats another.
 * Unlike the other rules it does not let an empty value through while the target is filled in, or a
 * blank confirmation of an optional new password would go unnoticed.
 */
export function confirmed(target: string): SyncRule {
  return syncRule('confirmed', (value, { label, values, labelOf }) => {
    const other = values[target];
    if (isEmpty(value) && isEmpty(other)) return null;
    // Said of the repeating field, in words a person reads aloud: not Laravel's "field confirmation".
    return value === other ? null : `The ${label} does not match the ${labelOf(target)}`;
  });
}

/** The value must be `expected` (strict equality). */
export function is(expected: unknown): SyncRule {
  return optionalRule('is', (value, { label }) =>
    value === expected ? null : `The ${label} value is not valid`,
  );
}

/** The value must not be `unexpected` (strict equality). */
export function is_not(unexpected: unknown): SyncRule {
  return optionalRule('is_not', (value, { label }) =>
    value === unexpected ? `The ${label} value is not valid` : null,
  );
}

/**
 * The value, or every item of an array value (a multiple select), must be one of `allowed`, loosely
 * compared (`==`) as in vee-validate: a select gives '1' for an option listed as 1.
 */
export function included(allowed: readonly unknown[]): SyncRule {
  return optionalRule('included', (value, { label }) =>
    itemsOf(value).every((item) => isListed(item, allowed))
      ? null
      : `The ${label} field is not a valid value`,
  );
}

/** Neither the value nor any item of an array value may be one of `forbidden`, loosely compared (`==`). */
export function excluded(forbidden: readonly unknown[]): SyncRule {
  return optionalRule('excluded', (value, { label }) =>
    itemsOf(value).some((item) => isListed(item, forbidden))
      ? `The ${label} field is not a valid value`
      : null,
  );
}

function itemsOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}

function isListed(item: unknown, list: readonly unknown[]): boolean {
  // biome-ignore lint/suspicious/noDoubleEquals: form controls give text, so '1' must match a listed 1.
  return list.some((listed) => listed == item);
}

/** The text must match `pattern`; anchor it with `^…$` to match the whole text. */
export function regex(pattern: RegExp): SyncRule {
  // test() on a /g or /y pattern resumes from lastIndex and would fail every other call.
  const stateless = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  return textRule('regex', (text) => stateless.test(text), 'format is invalid');
}

// A combining mark counts as part of the letter before it (decomposed accents, Devanagari vowel signs).
// A digit is a decimal digit of any script (\p{Nd}, as vee-validate's 0-9 and ٠-٩); \p{N} would also
// take fractions, superscripts and Roman numerals (½, ², Ⅻ).
const ALPHA = /^(?:\p{L}\p{M}*)+$/u;
const ALPHA_NUM = /^(?:[\p{L}\p{Nd}]\p{M}*)+$/u;
const ALPHA_DASH = /^(?:[\p{L}\p{Nd}_-]\p{M}*)+$/u;
const ALPHA_SPACES = /^(?:\p{L}\p{M}*|\s)+$/u;

/** Letters only, in any script. */
export function alpha(): SyncRule {
  return textRule('alpha', (text) => ALPHA.test(text), 'may only contain alphabetic characters');
}

/** Letters and decimal digits only, in any script. */
export function alpha_num(): SyncRule {
  return textRule('alpha_num', (text) => ALPHA_NUM.test(text), 'may only contain alpha-numeric characters');
}

/** Letters, decimal digits, dashes and underscores only, in any script. */
export function alpha_dash(): SyncRule {
  return textRule(
    'alpha_dash',
    (text) => ALPHA_DASH.test(text),
    'may contain alpha-numeric characters as well as dashes and underscores',
  );
}

/** Letters and spaces only. */
export function alpha_spaces(): SyncRule {
  return textRule(
    'alpha_spaces',
    (text) => ALPHA_SPACES.test(text),
    'may only contain alphabetic characters as well as spaces',
  );
}
