// The analytics API's closed sets and limits (docs/api.md "Analytics"), as plain values: the dashboard imports them
// through `@footfall/contract/constants` without the schema library.

export const PERIODS = [
  'today',
  'yesterday',
  '7d',
  '30d',
  'month',
  'last_month',
  '12mo',
  'all',
  'custom',
] as const;
export type Period = (typeof PERIODS)[number];

/** The periods the sites page offers (`GET /api/sites/overview`): all but a custom range. */
export const SITE_PERIODS = PERIODS.filter(
  (period): period is Exclude<Period, 'custom'> => period !== 'custom',
);
export type SitePeriod = (typeof SITE_PERIODS)[number];

export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** Filters that select visits by their stored fields. */
export const VISIT_FILTERS = [
  'entry_page',
  'exit_page',
  'source',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
  'browser',
  'os',
  'device',
] as const;
/** Filters that select events: `page` (a trailing `*` matches a prefix), `hostname`, `event` (a custom event's name). */
export const EVENT_FILTERS = ['page', 'hostname', 'event'] as const;
/**
 * Filters that select visits by what happened in them (docs/api.md "Analytics"): `goal` (a goal's id: the visits that converted
 * on it). `prop:KEY` (a custom event's property) is the other such filter; its name carries the key.
 */
export const CONVERSION_FILTERS = ['goal'] as const;
export const FILTERS = [...EVENT_FILTERS, ...VISIT_FILTERS, ...CONVERSION_FILTERS] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number];
export type EventFilter = (typeof EVENT_FILTERS)[number];
export type Filter = VisitFilter | EventFilter | (typeof CONVERSION_FILTERS)[number];
/** How a property filter is named: `prop:plan=pro` keeps the visits with a custom event whose `plan` is `pro`. */
export const PROP_FILTER_PREFIX = 'prop:';
export type PropFilter = `prop:${string}`;
export type Filters = Partial<Record<Filter, string>> & { [filter: PropFilter]: string };

/** Whether a query parameter's name is a property filter's (`prop:` and a key). */
export const isPropFilter = (name: string): name is PropFilter =>
  name.startsWith(PROP_FILTER_PREFIX) && name.length > PROP_FILTER_PREFIX.length;

/** The query parameter naming the property that `breakdowns.props` breaks down (docs/api.md "Analytics"). */
export const PROPS_KEY = 'props_key';
/**
 * The query parameter that asks for `breakdowns.prop_keys`, every custom event property key of the period
 * (its one value is `true`), so that a key can be chosen before its values are asked with `props_key`.
 */
export const PROP_KEYS = 'prop_keys';

export const DEFAULT_BREAKDOWN_LIMIT = 10;
export const MAX_BREAKDOWN_LIMIT = 100;

export const BREAKDOWNS = [
  'pages',
  'entry_pages',
  'exit_pages',
  'sources',
  'referrers',
  'utm_sources',
  'utm_mediums',
  'utm_campaigns',
  'countries',
  'browsers',
  'os',
  'devices',
  'languages',
  'events',
] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
