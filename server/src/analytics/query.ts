import {
  DEFAULT_BREAKDOWN_LIMIT,
  FILTERS,
  type Filter,
  type Filters,
  INTERVALS,
  type Interval,
  MAX_BREAKDOWN_LIMIT,
  PERIODS,
  type Period,
} from '@footfall/contract';
import { Temporal } from 'temporal-polyfill';
import { type FieldErrors, validation } from '../errors';
import { isStorableText, STORABLE_TEXT_RULE } from '../validation/text';
import { isPlainInteger } from '../validation/url-integers';
import { parseFilter } from './filter-values';

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
  filters: Filters;
}

const PARAMETERS = new Set<string>(['period', 'from', 'to', 'interval', 'compare', 'limit', ...FILTERS]);
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
 * but this endpoint must refuse an empty filter (API.md §9), so it reads the URL itself.
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
    if (!PARAMETERS.has(name)) fail(name, `The ${name} parameter is not supported.`);
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

/**
 * The filters given, checked: lengths, an operator with something to match (`filter-values.ts`), two-letter
 * countries (upper-cased) and known devices unless searched for with `~`.
 */
function readFilters(values: Map<string, string>, fail: Fail): Filters {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = values.get(name);
    if (value === undefined) continue;
    if (value.length > MAX_FILTER_LENGTH)
      fail(name, `The ${name} field must not be greater than ${MAX_FILTER_LENGTH} characters.`);
    // Filters are compared with stored text, on PostgreSQL in SQL: ajv's rule does not see this query.
    else if (!isStorableText(value)) fail(name, `The ${name} field ${STORABLE_TEXT_RULE}.`);
    else if (!parseFilter(value))
      fail(name, `The ${name} field must name a value after its operator and between any |.`);
    else filters[name as Filter] = value;
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
  return filters;
}

/**
 * Reads the query string of the detail endpoint (API.md §6). Everything wrong is collected and answered
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

  if (Object.keys(errors).length > 0) throw validation(errors);
  return {
    period: period as Period,
    ...(from !== undefined && { from }),
    ...(to !== undefined && { to }),
    ...(interval !== undefined && { interval: interval as Interval }),
    compare: compare !== undefined,
    limit,
    filters,
  };
}
