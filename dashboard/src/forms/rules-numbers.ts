import { asNumber, asText, optionalRule, type RuleName, type SyncRule, textRule } from './rules-core';

/** Digits 0–9 only. */
export function numeric(): SyncRule {
  return textRule('numeric', (text) => /^\d+$/.test(text), 'may only contain numeric characters');
}

/** A whole number, with an optional minus sign. */
export function integer(): SyncRule {
  return textRule('integer', (text) => /^-?\d+$/.test(text), 'must be an integer');
}

// An exponent as vee-validate reads one: e or E, then digits with a minus sign or none (a plus sign is
// not taken, so a number that String() writes as '1e+21' fails, as it does there).
const EXPONENT = '(?:[eE]-?\\d+)?';

/**
 * A number with an optional minus sign and at most `decimals` digits after `separator` (any number of
 * them when `decimals` is left out), in exponent form or not; '.5' is taken as 0.5. As in vee-validate,
 * the digits counted are those written between the separator and the exponent, so `decimal(2)` takes
 * '1.25e-7', and `decimal(0)` takes whole numbers written without an exponent only.
 */
export function decimal(decimals?: number, separator: '.' | ',' = '.'): SyncRule {
  const fraction = decimals === undefined ? '\\d+' : `\\d{1,${decimals}}`;
  const sep = separator === '.' ? '\\.' : ',';
  const pattern =
    decimals === 0
      ? /^-?\d+$/
      : new RegExp(`^-?(?:\\d+(?:${sep}${fraction})?|${sep}${fraction})${EXPONENT}$`);
  const wording =
    decimals === undefined
      ? 'must be numeric and may contain decimal points'
      : `must be numeric and may contain ${decimals} decimal points`;
  return textRule('decimal', (text) => pattern.test(text), wording);
}

/** Exactly `count` digits, as a PIN or a verification code. */
export function digits(count: number): SyncRule {
  return textRule(
    'digits',
    (text) => /^\d+$/.test(text) && text.length === count,
    `must be numeric and exactly contain ${count} digits`,
  );
}

/** The length of a string in code points (an emoji counts once), or of an array. */
function lengthOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  const text = asText(value);
  return text === null ? null : [...text].length;
}

/** A rule on a measure of the value (`null` when it has none): empty values pass, the others must `fit`. */
function measuredRule(
  name: RuleName,
  measure: (value: unknown) => number | null,
  fits: (measured: number) => boolean,
  wording: string,
): SyncRule {
  return optionalRule(name, (value, { label }) => {
    const measured = measure(value);
    return measured !== null && fits(measured) ? null : `The ${label} field ${wording}`;
  });
}

/** At least `count` characters, or items of an array. */
export function min(count: number): SyncRule {
  return measuredRule('min', lengthOf, (n) => n >= count, `must be at least ${count} characters`);
}

/** At most `count` characters, or items of an array. */
export function max(count: number): SyncRule {
  return measuredRule('max', lengthOf, (n) => n <= count, `may not be greater than ${count} characters`);
}

/** Exactly `count` characters, or items of an array. */
export function length(count: number): SyncRule {
  return measuredRule('length', lengthOf, (n) => n === count, `must be ${count} long`);
}

/** A number (or numeric text) no smaller than `minimum`. */
export function min_value(minimum: number): SyncRule {
  return measuredRule('min_value', asNumber, (n) => n >= minimum, `must be ${minimum} or more`);
}

/** A number (or numeric text) no greater than `maximum`. */
export function max_value(maximum: number): SyncRule {
  return measuredRule('max_value', asNumber, (n) => n <= maximum, `must be ${maximum} or less`);
}

/** A number (or numeric text) from `minimum` to `maximum`, both included. */
export function between(minimum: number, maximum: number): SyncRule {
  return measuredRule(
    'between',
    asNumber,
    (n) => n >= minimum && n <= maximum,
    `must be between ${minimum} and ${maximum}`,
  );
}

/** A card number: 12 to 19 digits, optionally grouped with spaces or dashes, with a valid Luhn checksum. */
export function credit_card(): SyncRule {
  return optionalRule('credit_card', (value, { label }) => {
    const text = typeof value === 'string' ? value.trim() : null;
    return text !== null && isCardNumber(text)
      ? null
      : `The ${label} field must be a valid credit card number`;
  });
}

function isCardNumber(text: string): boolean {
  if (!/^\d(?:[ -]?\d)*$/.test(text)) return false;
  const digitsOnly = text.replace(/[ -]/g, '');
  return digitsOnly.length >= 12 && digitsOnly.length <= 19 && luhn(digitsOnly);
}

function luhn(digitsOnly: string): boolean {
  let sum = 0;
  for (let index = 0; index < digitsOnly.length; index++) {
    let digit = Number(digitsOnly[digitsOnly.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
