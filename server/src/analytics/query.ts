import {
  DEFAULT_BREAKDOWN_LIMIT,
  FILTERS,
  type Filter,
  type Filters,
  INTERVALS,
  type Interval,
  isPropFilter,
  MAX_BREAKDOWN_LIMIT,
  MAX_PROP_KEY_LENGTH,
  PERIODS,
  type Period,
  PROP_FILTER_PREFIX,
  PROP_KEYS,
  PROPS_KEY,
} from '@footfall/contract';
import { type ParsedFilters, parseFilter, parseFilters } from '@footfall/contract/rules';
import { Temporal } from 'temporal-polyfill';
import { type FieldErrors, validation } from '../errors';
import { isStorableText, STORABLE_TEXT_RULE } from '../validation/text';
import { isPlainInteger } from '../validation/url-integers';

/** The analytics query once read and checked: what `resolvePeriod` and the aggregation work from. */
export interface AnalyticsRequest {
  period: Period;
  /** `YYYY-MM-DD`, with `custom` only. */
  from?: string;
  to?: string;
  /** Absent: the period's default. */
  interval?: Interval;
  compare: boolean;
  limit: number;
  /** The filters given, each read once: the scans and the database's conditions take them as they are. */
  filters: ParsedFilters;
  /** The custom event property whose values `breakdowns.props` lists. */
  propsKey?: string;
  /** Whether `breakdowns.prop_keys` lists every property key of the custom events counted. */
  propKeys: boolean;
}

const PARAMETERS = new Set<string>([
  'period',
  'from',
  'to',
  'interval',
  'compare',
  'limit',
  PROPS_KEY,
  PROP_KEYS,
  ...FILTERS,
]);
const DEVICES = ['desktop', 'mobile', 'tablet'];
const MAX_FILTER_LENGTH = 2000;

/** A real calendar date written `YYYY-MM-DD` (`2026-02-30` is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The query string of a request URL as given: empty values kept and repeated names as lists. The
 * dashboard's routes trim query values and drop empty ones before handlers see them (Laravel's habit),
 * but this endpoint must refuse an empty filter (docs/api.md "Analytics"), so it reads the URL itself.
 */
export function queryParameters(url: string): Record<string, string | string[]> {
  const query = url.indexOf('?');
  const parameters: Record<string, string | string[]> = Object.create(null);
  if (query === -1) return parameters;
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    const earlier = parameters[name];
    parameters[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  return parameters;
}

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

type Fail = (field: string, message: string) => void;

/** The parameters given once with a value; unknown, repeated and empty ones are failures. */
function knownValues(raw: unknown, fail: Fail): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(raw && typeof raw === 'object' ? raw : {})) {
    if (!PARAMETERS.has(name) && !isPropFilter(name)) fail(name, `The ${name} parameter is not supported.`);
    else if (Array.isArray(value)) fail(name, `The ${name} field must be given once.`);
    else if (typeof value !== 'string' || value === '') fail(name, `The ${name} field must have a value.`);
    else values.set(name, value);
  }
  return values;
}

/** `from` and `to`: both required with `custom`, refused otherwise, real dates in order. */
function checkDates(period: string, from: string | undefined, to: string | undefined, fail: Fail): void {
  for (const [field, date] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (date === undefined) {
      if (period === 'custom') fail(field, `The ${field} field is required when period is custom.`);
    } else if (period !== 'custom') {
      fail(field, `The ${field} field is only allowed when period is custom.`);
    } else if (!isCalendarDate(date)) {
      fail(field, `The ${field} field must be a valid date (YYYY-MM-DD).`);
    }
  }
  if (period === 'custom' && from && to && isCalendarDate(from) && isCalendarDate(to) && to < from) {
    fail('to', 'The to field must be a date after or equal to from.');
  }
}

/** A property key as the tracker keeps it (docs/api.md "Ingestion"): not empty, at most its length, storable text. */
function checkPropKey(field: string, key: string, fail: Fail): boolean {
  if (key.length > MAX_PROP_KEY_LENGTH) {
    fail(field, `The ${field} field must name a property key of at most ${MAX_PROP_KEY_LENGTH} characters.`);
    return false;
  }
  if (!isStorableText(key)) {
    fail(field, `The ${field} field ${STORABLE_TEXT_RULE}.`);
    return false;
  }
  return true;
}

/** One filter's value: its length, storable text, and an operator with something to match. */
function checkFilterValue(name: string, value: string, fail: Fail): boolean {
  if (value.length > MAX_FILTER_LENGTH)
    fail(name, `The ${name} field must not be greater than ${MAX_FILTER_LENGTH} characters.`);
  // Filters are compared with stored text, on PostgreSQL in SQL: ajv's rule does not see this query.
  else if (!isStorableText(value)) fail(name, `The ${name} field ${STORABLE_TEXT_RULE}.`);
  else if (!parseFilter(value))
    fail(name, `The ${name} field must name a value after its operator and between any |.`);
  else return true;
  return false;
}

/**
 * The filters given, checked: lengths, an operator with something to match (`parseFilter`), two-letter
 * countries (upper-cased), known devices unless searched for with `~`, goal ids as whole numbers (whether
 * the company has them is the caller's check) and property keys within the tracker's limits.
 */
function readFilters(values: ReadonlyMap<string, string>, fail: Fail): Filters {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = values.get(name);
    if (value !== undefined && checkFilterValue(name, value, fail)) filters[name as Filter] = value;
  }
  for (const [name, value] of values) {
    if (!isPropFilter(name)) continue;
    const keyFine = checkPropKey(name, name.slice(PROP_FILTER_PREFIX.length), fail);
    if (keyFine && checkFilterValue(name, value, fail)) filters[name] = value;
  }
  const country = filters.country === undefined ? undefined : parseFilter(filters.country);
  if (country && filters.country !== undefined) {
    if (country.contains || country.alternatives.every((code) => /^[A-Za-z]{2}$/.test(code))) {
      filters.country = filters.country.toUpperCase();
    } else fail('country', 'The country field must be a two-letter country code.');
  }
  const device = filters.device === undefined ? undefined : parseFilter(filters.device);
  if (device && !device.contains && !device.alternatives.every((name) => DEVICES.includes(name))) {
    fail('device', 'The selected device is invalid.');
  }
  const goal = filters.goal === undefined ? undefined : parseFilter(filters.goal);
  if (goal && (goal.contains || !goal.alternatives.every((id) => isPlainInteger(id)))) {
    fail('goal', "The goal field must be a goal's id (or several, between |).");
  }
  return filters;
}

/** The goal ids a `goal` filter names (to check that the company has them). */
export function goalIdsOf(filters: ParsedFilters): number[] {
  return filters.goal?.alternatives.map(Number) ?? [];
}

/**
 * A saved segment's filters (docs/api.md "Segments"), checked like the detail's: only filter names, each with a value the
 * detail accepts. Answers 422 `{errors: {"filters.NAME": […]}}` for anything wrong.
 */
export function parseSegmentFilters(raw: Readonly<Record<string, string>>): Filters {
  const errors: FieldErrors = {};
  const fail: Fail = (field, message) => {
    const key = `filters.${field}`;
    errors[key] = [...(errors[key] ?? []), message];
  };
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(raw)) {
    if (!(FILTERS as readonly string[]).includes(name) && !isPropFilter(name))
      fail(name, `${name} is not a filter.`);
    else values.set(name, value);
  }
  const filters = readFilters(values, fail);
  if (Object.keys(errors).length > 0) throw validation(errors);
  return filters;
}

/**
 * Reads the query string of the detail endpoint (docs/api.md "Analytics"). Everything wrong is collected and answered
 * at once as 422: unknown or repeated parameters, empty values, words outside their lists, bad dates and
 * limits. Checks that need the company's today (`to` in the future, `hour` over more than 7 days) are
 * `resolvePeriod`'s.
 */
export function parseAnalyticsQuery(raw: unknown): AnalyticsRequest {
  const errors: FieldErrors = {};
  const fail: Fail = (field, message) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const values = knownValues(raw, fail);
  const period = values.get('period') ?? '30d';
  if (!oneOf(PERIODS, period)) fail('period', 'The selected period is invalid.');
  const interval = values.get('interval');
  if (interval !== undefined && !oneOf(INTERVALS, interval))
    fail('interval', 'The selected interval is invalid.');
  const compare = values.get('compare');
  if (compare !== undefined && compare !== 'previous_period')
    fail('compare', 'The selected compare is invalid.');
  const limitText = values.get('limit');
  const limit = limitText === undefined ? DEFAULT_BREAKDOWN_LIMIT : Number(limitText);
  if (!isPlainInteger(limitText ?? '1') || limit < 1 || limit > MAX_BREAKDOWN_LIMIT) {
    fail('limit', `The limit field must be an integer between 1 and ${MAX_BREAKDOWN_LIMIT}.`);
  }
  const from = values.get('from');
  const to = values.get('to');
  checkDates(period, from, to, fail);
  const filters = readFilters(values, fail);
  const propsKey = values.get(PROPS_KEY);
  if (propsKey !== undefined) checkPropKey(PROPS_KEY, propsKey, fail);
  // One word, like `compare`: a later value (`false`, a count) would then stay free to mean something else.
  const propKeys = values.get(PROP_KEYS);
  if (propKeys !== undefined && propKeys !== 'true') fail(PROP_KEYS, `The ${PROP_KEYS} field must be true.`);

  if (Object.keys(errors).length > 0) throw validation(errors);
  return {
    period: period as Period,
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(interval !== undefined && { interval: interval as Interval }),
    compare: compare !== undefined,
    limit,
    filters: parseFilters(filters),
    ...(propsKey !== undefined && { propsKey }),
    propKeys: propKeys !== undefined,
  };
}
