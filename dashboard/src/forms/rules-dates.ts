import { asText, isEmpty, optionalRule, type RuleContext, type SyncRule } from './rules-core';

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

// Longest tokens first, so 'MM' is not read as two 'M'.
const TOKENS: ReadonlyArray<readonly [token: string, part: Part, pattern: string]> = [
  ['yyyy', 'year', '(\\d{4})'],
  ['MM', 'month', '(\\d{2})'],
  ['M', 'month', '(\\d{1,2})'],
  ['dd', 'day', '(\\d{2})'],
  ['d', 'day', '(\\d{1,2})'],
  ['HH', 'hour', '(\\d{2})'],
  ['H', 'hour', '(\\d{1,2})'],
  ['mm', 'minute', '(\\d{2})'],
  ['ss', 'second', '(\\d{2})'],
];

/** Reads dates written in one format into comparable numbers. */
export interface DateParser {
  readonly format: string;
  /** Milliseconds since 1970 (UTC) of a date written in the format, or `null` if it is not one. */
  readonly parse: (text: string) => number | null;
}

/**
 * Compiles a date format made of the tokens `yyyy`, `MM`/`M`, `dd`/`d`, `HH`/`H`, `mm` and `ss` (the
 * one-letter forms take one or two digits) and literal characters. Throws a `SyntaxError` on any other
 * letter, so that a format such as 'YYYY-MM-DD' is caught where it is written.
 */
export function compileDateFormat(format: string): DateParser {
  const parts: Part[] = [];
  let pattern = '';
  let rest = format;
  while (rest !== '') {
    const found = TOKENS.find(([token]) => rest.startsWith(token));
    if (found) {
      const [token, part, group] = found;
      if (parts.includes(part)) throw new SyntaxError(`The date format ${format} has two ${part} tokens`);
      parts.push(part);
      pattern += group;
      rest = rest.slice(token.length);
      continue;
    }
    const char = rest.charAt(0);
    if (/[a-z]/i.test(char)) throw new SyntaxError(`The date format ${format} has an unknown token ${char}`);
    pattern += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    rest = rest.slice(1);
  }
  const regex = new RegExp(`^${pattern}$`);

  function parse(text: string): number | null {
    const match = regex.exec(text);
    if (!match) return null;
    // Without a year, 2000 (a leap year) lets 'dd/MM' accept 29/02.
    const date = { year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
    parts.forEach((part, index) => {
      date[part] = Number(match[index + 1]);
    });
    const { year, month, day, hour, minute, second } = date;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
    if (hour > 23 || minute > 59 || second > 59) return null;
    const utc = new Date(0);
    // setUTCFullYear, unlike Date.UTC, does not take years 0–99 for 1900–1999.
    utc.setUTCFullYear(year, month - 1, day);
    utc.setUTCHours(hour, minute, second, 0);
    return utc.getTime();
  }

  return { format, parse };
}

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** A date written in the rule's format, or the name of the field whose value is that date. */
export type DateTarget = string | { readonly field: string };

/** Options of the date comparisons. */
export interface DateCompareOptions {
  /** The format of the value and of the target, e.g. 'yyyy-MM-dd' or 'dd/MM/yyyy HH:mm'. */
  readonly format: string;
  /** Whether a date equal to the target passes; `false` unless set, as in vee-validate. */
  readonly inclusive?: boolean;
}

/** A date written in `format`, which must exist: 2024-02-29 passes, 2025-02-29 and 2026-02-30 fail. */
export function date_format(format: string): SyncRule {
  const parser = compileDateFormat(format);
  return optionalRule('date_format', (value, { label }) => {
    const text = asText(value);
    return text !== null && parser.parse(text) !== null
      ? null
      : `The ${label} field must be in the format ${format}`;
  });
}

/** A date later than `target` (or equal to it when `inclusive`), both written in `options.format`. */
export function after(target: DateTarget, options: DateCompareOptions): SyncRule {
  return compareRule('after', { from: target }, options);
}

/** A date earlier than `target` (or equal to it when `inclusive`), both written in `options.format`. */
export function before(target: DateTarget, options: DateCompareOptions): SyncRule {
  return compareRule('before', { to: target }, options);
}

/** A date strictly between `min` and `max` (or equal to either when `inclusive`), all in `options.format`. */
export function date_between(min: DateTarget, max: DateTarget, options: DateCompareOptions): SyncRule {
  return compareRule('date_between', { from: min, to: max }, options);
}

interface Bounds {
  readonly from?: DateTarget;
  readonly to?: DateTarget;
}

function compareRule(
  name: 'after' | 'before' | 'date_between',
  { from, to }: Bounds,
  { format, inclusive = false }: DateCompareOptions,
): SyncRule {
  const parser = compileDateFormat(format);
  for (const target of [from, to]) {
    if (typeof target === 'string' && parser.parse(target) === null) {
      throw new RangeError(`The date ${target} is not written in the format ${format}`);
    }
  }
  return optionalRule(name, (value, context) => {
    const text = asText(value);
    const time = text === null ? null : parser.parse(text);
    if (time !== null) {
      const low = from === undefined ? undefined : limitOf(from, parser, context);
      const high = to === undefined ? undefined : limitOf(to, parser, context);
      // A target field not filled in yet, or not a date, leaves nothing to compare with; its rules say so.
      if (low === null || high === null) return null;
      const aboveLow = low === undefined || (inclusive ? time >= low : time > low);
      const belowHigh = high === undefined || (inclusive ? time <= high : time < high);
      if (aboveLow && belowHigh) return null;
    }
    const { label, labelOf } = context;
    const nameOf = (target: DateTarget | undefined) =>
      typeof target === 'object' ? labelOf(target.field) : (target ?? '');
    if (name === 'date_between') {
      return `The ${label} field must be between ${nameOf(from)} and ${nameOf(to)}`;
    }
    const relation = inclusive ? `${name} or equal to` : name;
    return `The ${label} field must be ${relation} ${nameOf(from ?? to)}`;
  });
}

function limitOf(target: DateTarget, parser: DateParser, { values }: RuleContext): number | null {
  if (typeof target === 'string') return parser.parse(target);
  const value = values[target.field];
  const text = isEmpty(value) ? null : asText(value);
  return text === null ? null : parser.parse(text);
}
