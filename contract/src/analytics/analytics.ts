import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../common';
import { Annotation } from '../companies/annotations';
import {
  BREAKDOWNS,
  type Breakdown,
  DEFAULT_BREAKDOWN_LIMIT,
  INTERVALS,
  MAX_BREAKDOWN_LIMIT,
  PERIODS,
  type PropFilter,
} from './analytics-constants';
import { MAX_PROP_KEY_LENGTH } from './ingest';

export * from './analytics-constants';

// The analytics detail (docs/api.md "Stats API, keys and usage"): the dashboard's answer and the stats API's. The query is read by the
// server's own parser (unknown, repeated and empty parameters are 422, which a schema would strip), so
// the schema below documents it and types it; the answer schema serializes the reply.

/** A string that is one of `values`, typed as their union. */
const oneOf = <T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** Every filter takes `!` (is not), `~` (contains, any case) and `|` between alternatives (docs/api.md "Analytics"). */
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
    goal: filterValue("A goal's id: the visits that converted on it."),
    props_key: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_PROP_KEY_LENGTH,
        description: 'A custom event property: `breakdowns.props` lists its values.',
      }),
    ),
    prop_keys: Type.Optional(
      Type.Literal('true', {
        description: '`true`: `breakdowns.prop_keys` lists every custom event property key of the period.',
      }),
    ),
  },
  {
    // `prop:KEY=VALUE`: the visits holding a custom event whose property KEY matches VALUE.
    patternProperties: { '^prop:.+$': Type.String({ minLength: 1, maxLength: 2000 }) },
    additionalProperties: false,
  },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery> & { [filter: PropFilter]: string };

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
  /** With a `page` filter (docs/api.md "Analytics"): the mean whole seconds of foreground time over its engagement pings. */
  time_on_page: Type.Optional(Nullable(Type.Integer())),
  /** With a `page` filter: the mean whole percent scrolled over its engagement pings. */
  scroll_depth: Type.Optional(Nullable(Type.Integer())),
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
  /** `pages` rows: mean whole seconds of foreground time over the page's engagement pings, null without one. */
  time_on_page: Type.Optional(Nullable(Type.Integer())),
  /** `pages` rows: mean whole percent scrolled over the page's engagement pings, null without one. */
  scroll_depth: Type.Optional(Nullable(Type.Integer())),
});
export type BreakdownRow = Static<typeof BreakdownRow>;

/** A goal's conversions over the range and filters (docs/api.md "Goals"), or over the comparison period. */
export const GoalFigures = Type.Object({
  /** Distinct visitors with a visit that converted (summed per day, like every visitor count). */
  visitors: Type.Integer(),
  /** Visits that converted. */
  visits: Type.Integer(),
  /** The matching custom events or pageviews. */
  events: Type.Integer(),
  /** Converting visitors / all visitors of the same range and filters × 100, one decimal, half up. */
  conversion_rate: Type.Number(),
  /** A revenue goal's summed `revenue` (two decimals) and mean per converting event; null for other goals. */
  revenue: Nullable(Type.Object({ currency: Type.String(), total: Type.Number(), average: Type.Number() })),
});
export type GoalFigures = Static<typeof GoalFigures>;

export const GoalRow = Type.Composite([
  Type.Object({ goal_id: Type.Integer(), name: Type.String() }),
  GoalFigures,
  Type.Object({
    /** The same figures over the comparison period, with `compare`; else null. */
    comparison: Nullable(GoalFigures),
  }),
]);
export type GoalRow = Static<typeof GoalRow>;

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
  /**
   * The company's first day with data (`YYYY-MM-DD`, local), whatever the period and filters; null while it
   * has none. A comparison period that begins before it has (partly) nothing to compare with.
   */
  first_day: Nullable(Type.String()),
  timeseries: Type.Array(TimeseriesPoint),
  realtime: Type.Object({ visitors: Type.Integer() }),
  breakdowns: Type.Intersect([
    Type.Object(
      Object.fromEntries(BREAKDOWNS.map((name) => [name, Type.Array(BreakdownRow)])) as Record<
        Breakdown,
        ReturnType<typeof Type.Array<typeof BreakdownRow>>
      >,
    ),
    Type.Object({
      // Only with `props_key`: the values of that property on custom events, `{value, visitors, events}`.
      props: Type.Optional(Type.Array(BreakdownRow)),
      // Only with `prop_keys=true`: the property keys of custom events, `{value: key, visitors, events}`.
      prop_keys: Type.Optional(Type.Array(BreakdownRow)),
    }),
  ]),
  /** Every goal of the company, sorted like breakdown rows (visitors, then name). */
  goals: Type.Array(GoalRow),
  filtered: Type.Object({ bots: Type.Integer() }),
  /** The site's notes that touch the range (a day within it, or a range of days that overlaps it), by date. */
  annotations: Type.Array(Annotation),
});
export type AnalyticsDetail = Static<typeof AnalyticsDetail>;

export const AnalyticsDetailAnswer = Type.Object({ data: AnalyticsDetail });
export type AnalyticsDetailAnswer = Static<typeof AnalyticsDetailAnswer>;
