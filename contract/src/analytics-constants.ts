// The analytics API's closed sets and limits (API.md §6), as plain values: the dashboard imports them
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
export const FILTERS = [...EVENT_FILTERS, ...VISIT_FILTERS] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number];
export type EventFilter = (typeof EVENT_FILTERS)[number];
export type Filter = VisitFilter | EventFilter;
export type Filters = Partial<Record<Filter, string>>;

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
