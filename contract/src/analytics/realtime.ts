import { type Static, Type } from '@sinclair/typebox';

// The realtime view (docs/api.md "Realtime"): what a site's visitors are doing now and did in the last 30
// minutes, read from the raw events, for a screen that asks again every few seconds.

export * from './realtime-constants';

export const RealtimeMinute = Type.Object({
  /** The minute's start in the company's time zone, `YYYY-MM-DDTHH:MM`. */
  minute: Type.String(),
  /** Pageviews made in the minute. */
  pageviews: Type.Integer(),
  /** Distinct visitors with any activity in the minute (a pageview, a custom event or an engagement ping). */
  visitors: Type.Integer(),
});
export type RealtimeMinute = Static<typeof RealtimeMinute>;

/** One row of a realtime list: distinct visitors, with the pageviews of a page or the count of an event. */
export const RealtimeRow = Type.Object({
  value: Type.String(),
  visitors: Type.Integer(),
  pageviews: Type.Optional(Type.Integer()),
  events: Type.Optional(Type.Integer()),
});
export type RealtimeRow = Static<typeof RealtimeRow>;

export const Realtime = Type.Object({
  company_id: Type.Integer(),
  timezone: Type.String(),
  /** The instant the answer was computed (ISO 8601). */
  at: Type.String(),
  /** Distinct visitors with any activity in the last 5 minutes: the detail's `realtime.visitors`. */
  visitors: Type.Integer(),
  /** Over the 30 minutes: distinct visitors, pageviews and custom events. */
  totals: Type.Object({ visitors: Type.Integer(), pageviews: Type.Integer(), events: Type.Integer() }),
  /** The 30 minutes, oldest first; the last is the current minute, still under way. */
  minutes: Type.Array(RealtimeMinute),
  /** Pathnames viewed in the 30 minutes (`visitors`, `pageviews`). */
  pages: Type.Array(RealtimeRow),
  /** The sources of the visits active in the 30 minutes (`visitors`). */
  sources: Type.Array(RealtimeRow),
  /** Their countries, ISO 3166-1 alpha-2 (`visitors`); visits without a known country make no row. */
  countries: Type.Array(RealtimeRow),
  /** Custom events sent in the 30 minutes, by name (`visitors`, `events`). */
  events: Type.Array(RealtimeRow),
});
export type Realtime = Static<typeof Realtime>;

export const RealtimeAnswer = Type.Object({ data: Realtime });
export type RealtimeAnswer = Static<typeof RealtimeAnswer>;
