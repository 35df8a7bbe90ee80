import { type Static, Type } from '@sinclair/typebox';
import {
  BREAKDOWNS,
  type Breakdown,
  DEFAULT_BREAKDOWN_LIMIT,
  INTERVALS,
  MAX_BREAKDOWN_LIMIT,
  PERIODS,
} from './analytics-constants';

export * from './analytics-constants';

// The analytics detail (API.md §6): the dashboard's answer and the stats API's. The query is read by the
// server's own parser (unknown, repeated and empty parameters are 422, which a schema would strip), so
// the schema below documents it and types it; the answer schema serializes the reply.

/** A string that is one of `values`, typed as their union. */
const oneOf = <T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** Every filter takes `!` (is not), `~` (contains, any case) and `|` between alternatives (§11). */
const OPERATORS = ' `!` first: is not; `~`: contains, any case; `|`: or; `\\` before one of them: literally.';

const filterValue = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: `${description}${OPERATORS}` }));

/** The query of the detail endpoint and of `GET /api/v1/stats/{company_id}`. */
export const AnalyticsQuery = Type.Object(
  {
    period: Type.Optional(oneOf(PERIODS, { default: '30d' })),
    from: Type.Optional(Type.String({ format: 'date', description: 'With `period=custom`: the first day.' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'With `period=custom`: the last day.' })),
    interval: Type.Optional(oneOf(INTERVALS)),
    compare: Type.Optional(Type.Literal('previous_period')),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_BREAKDOWN_LIMIT, default: DEFAULT_BREAKDOWN_LIMIT }),
    ),
    page: filterValue('Pathname; a trailing `*` matches a prefix.'),
    entry_page: filterValue("The visit's first page."),
    exit_page: filterValue("The visit's last page."),
    hostname: filterValue("The event's host."),
    source: filterValue('`Google`, `Direct / None`, a host…'),
    referrer: filterValue("The referrer's host."),
    utm_source: filterValue('utm_source'),
    utm_medium: filterValue('utm_medium'),
    utm_campaign: filterValue('utm_campaign'),
    country: filterValue('ISO 3166-1 alpha-2, any case.'),
    browser: filterValue("ua-parser-js's browser name."),
    os: filterValue("ua-parser-js's OS name."),
    device: filterValue('`desktop`, `mobile` or `tablet`.'),
    event: filterValue("A custom event's name."),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const AnalyticsSummary = Type.Object({
  visitors: Type.Integer(),
  visits: Type.Integer(),
  pageviews: Type.Integer(),
  /** Pageviews per visit, two decimals. */
  views_per_visit: Type.Number(),
  /** Percentage of visits with one pageview and no custom event, a whole number. */
  bounce_rate: Type.Integer(),
  /** Mean whole seconds from a visit's first to its last activity. */
  visit_duration: Type.Integer(),
  events: Type.Integer(),
});
export type AnalyticsSummary = Static<typeof AnalyticsSummary>;

/**
 * One bucket of the timeseries, with every figure of the summary computed over the bucket alone: its visits
 * are those that started in it, its pageviews and custom events those made in it. A bucket without visits
 * has 0 for each ratio.
 */
export const TimeseriesPoint = Type.Object({
  /** `YYYY-MM-DD` (day, week and month by their first day) or `YYYY-MM-DDTHH:00` (hour), local time. */
  date: Type.String(),
  /** Distinct visitors of the bucket's visits (summed per day over day, week and month buckets). */
  visitors: Type.Integer(),
  /** Visits that started in the bucket. */
  visits: Type.Integer(),
  /** Pageviews made in the bucket. */
  pageviews: Type.Integer(),
  /** The bucket's pageviews per visit, two decimals. */
  views_per_visit: Type.Number(),
  /** Percentage of the bucket's visits with one pageview and no custom event, a whole number. */
  bounce_rate: Type.Integer(),
  /** Mean whole seconds from first to last activity of the bucket's visits. */
  visit_duration: Type.Integer(),
  /** Custom events made in the bucket. */
  events: Type.Integer(),
});
export type TimeseriesPoint = Static<typeof TimeseriesPoint>;

export const BreakdownRow = Type.Object({
  value: Type.String(),
  visitors: Type.Integer(),
  visits: Type.Optional(Type.Integer()),
  pageviews: Type.Optional(Type.Integer()),
  events: Type.Optional(Type.Integer()),
});
export type BreakdownRow = Static<typeof BreakdownRow>;

export const AnalyticsDetail = Type.Object({
  company_id: Type.Integer(),
  timezone: Type.String(),
  range: Type.Object({
    from: Type.String(),
    to: Type.String(),
    interval: oneOf(INTERVALS),
  }),
  summary: AnalyticsSummary,
  comparison: Type.Union([AnalyticsSummary, Type.Null()]),
  timeseries: Type.Array(TimeseriesPoint),
  realtime: Type.Object({ visitors: Type.Integer() }),
  breakdowns: Type.Object(
    Object.fromEntries(BREAKDOWNS.map((name) => [name, Type.Array(BreakdownRow)])) as Record<
      Breakdown,
      ReturnType<typeof Type.Array<typeof BreakdownRow>>
    >,
  ),
  filtered: Type.Object({ bots: Type.Integer() }),
});
export type AnalyticsDetail = Static<typeof AnalyticsDetail>;

export const AnalyticsDetailAnswer = Type.Object({ data: AnalyticsDetail });
export type AnalyticsDetailAnswer = Static<typeof AnalyticsDetailAnswer>;
