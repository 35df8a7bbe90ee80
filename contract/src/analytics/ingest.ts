import { type Static, Type } from '@sinclair/typebox';

/** The largest ingestion body, in bytes (docs/api.md "Ingestion"): larger is 413. */
export const INGEST_MAX_BODY_BYTES = 64 * 1024;

/** The most events one ingestion request may carry. */
export const INGEST_MAX_BATCH = 100;

/** The kinds of event the tracker sends. */
export const TrackerEventType = Type.Union([
  Type.Literal('pageview'),
  Type.Literal('event'),
  Type.Literal('engagement'),
]);
export type TrackerEventType = Static<typeof TrackerEventType>;

/** A custom property value: a short string, a number or a boolean. */
export const PropValue = Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]);
export type PropValue = Static<typeof PropValue>;

/** At most 30 properties; each key at most 300 characters (checked by the server, see `MAX_PROP_KEY_LENGTH`). */
export const Props = Type.Record(Type.String(), PropValue, { maxProperties: 30 });
export type Props = Static<typeof Props>;

export const MAX_PROP_KEY_LENGTH = 300;

/**
 * One event as the tracker sends it to `POST /api/save-company-visitor-analytics` (docs/api.md "Ingestion"). Unknown
 * fields and `null` values are ignored; `engaged_ms` and `scroll_depth` count only on `engagement` events.
 */
export const TrackerEvent = Type.Object({
  /** The company's tracking key (`data-company`). */
  company: Type.String({ minLength: 1, maxLength: 64 }),
  type: TrackerEventType,
  /** The custom event's name; required for `event`. */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  /** The page's absolute http(s) URL. */
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  referrer: Type.Optional(Type.String({ maxLength: 2000 })),
  title: Type.Optional(Type.String({ maxLength: 500 })),
  screen_width: Type.Optional(Type.Integer({ minimum: 0, maximum: 20000 })),
  language: Type.Optional(Type.String({ maxLength: 35 })),
  props: Type.Optional(Props),
  /** Foreground time on the page in milliseconds (`engagement` only). */
  engaged_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000 })),
  /** The deepest scroll reached, in percent of the page (`engagement` only). */
  scroll_depth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type TrackerEvent = Static<typeof TrackerEvent>;

/** The ingestion body: one event, or an array of 1 to 100. */
export const IngestBody = Type.Union([
  TrackerEvent,
  Type.Array(TrackerEvent, { minItems: 1, maxItems: INGEST_MAX_BATCH }),
]);
export type IngestBody = Static<typeof IngestBody>;

/** The answer of `POST /api/companies/{id}/import`. */
export const ImportAnswer = Type.Object({
  data: Type.Object({
    stored: Type.Integer(),
    rejected: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })),
  }),
});
export type ImportAnswer = Static<typeof ImportAnswer>;

/** `GET /api/public/companies/{tracking_key}/stats`: what the embeddable widget shows (docs/api.md "Public"). */
export const PublicStats = Type.Object({
  visitors_30d: Type.Integer(),
  pageviews_30d: Type.Integer(),
  /** Distinct visitors in the last 5 minutes. */
  realtime: Type.Integer(),
  /** 30 daily visitor counts in the company's time zone, oldest first, today last. */
  sparkline: Type.Array(Type.Integer(), { minItems: 30, maxItems: 30 }),
});
export type PublicStats = Static<typeof PublicStats>;

export const PublicStatsAnswer = Type.Object({ data: PublicStats });
export type PublicStatsAnswer = Static<typeof PublicStatsAnswer>;

export const TrackingKeyParams = Type.Object({ tracking_key: Type.String({ minLength: 1, maxLength: 64 }) });
export type TrackingKeyParams = Static<typeof TrackingKeyParams>;
