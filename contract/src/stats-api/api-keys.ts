import { type Static, Type } from '@sinclair/typebox';
import { Nullable, ResourceId, Timestamp } from '../common';
import { API_KEY_NAME_MAX } from './api-key-constants';

export * from './api-key-constants';

// The stats API's keys, the API-count report and the billing period's usage (docs/api.md "Stats API, keys and usage").

/** A calendar date `YYYY-MM-DD` in the company's time zone. */
const LocalDate = Type.String({ format: 'date' });

/** A stats-API key as listed: never the secret, only its first 12 characters. */
export const ApiKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The secret's first 12 characters (`ffk_` + 8). */
  prefix: Type.String(),
  created_at: Timestamp,
  /** Within a minute of the key's latest use; null before its first. */
  last_used_at: Nullable(Timestamp),
});
export type ApiKey = Static<typeof ApiKey>;

/** `POST /api/companies/{id}/api-keys`. */
export const ApiKeyCreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX }),
});
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>;

/** The key just created, with its secret: the only answer that ever carries it. */
export const ApiKeyCreated = Type.Composite([ApiKey, Type.Object({ secret: Type.String() })]);
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;

export const ApiKeyCreateAnswer = Type.Object({ data: ApiKeyCreated });
export type ApiKeyCreateAnswer = Static<typeof ApiKeyCreateAnswer>;

export const ApiKeyListAnswer = Type.Object({ data: Type.Array(ApiKey) });
export type ApiKeyListAnswer = Static<typeof ApiKeyListAnswer>;

/** `DELETE /api/companies/{id}/api-keys/{key_id}`. */
export const ApiKeyParams = Type.Object({ id: ResourceId, key_id: ResourceId });
export type ApiKeyParams = Static<typeof ApiKeyParams>;

/** `GET /api/v1/stats/{company_id}`. */
export const StatsApiParams = Type.Object({ company_id: ResourceId });
export type StatsApiParams = Static<typeof StatsApiParams>;

/** `GET /api/companies/{id}/usage`: the current billing period, the calendar month in the company's zone. */
export const Usage = Type.Object({
  /** The month's first day. */
  period_start: LocalDate,
  /** The month's last day. */
  period_end: LocalDate,
  /** Stored pageviews and custom events (not engagement pings, bots or imports). */
  events_used: Type.Integer(),
  events_quota: Type.Integer(),
  /** Stats-API calls counted this month. */
  api_calls_used: Type.Integer(),
  api_calls_quota: Type.Integer(),
});
export type Usage = Static<typeof Usage>;

export const UsageAnswer = Type.Object({ data: Usage });
export type UsageAnswer = Static<typeof UsageAnswer>;

/** `GET /api/companies/{id}/api-usage`: both default to the last 30 days, today included. */
export const ApiUsageQuery = Type.Object({
  from: Type.Optional(LocalDate),
  to: Type.Optional(LocalDate),
});
export type ApiUsageQuery = Static<typeof ApiUsageQuery>;

export const ApiUsageRow = Type.Object({
  date: LocalDate,
  /** The route pattern, e.g. `GET /api/v1/stats/:company_id`. */
  endpoint: Type.String(),
  count: Type.Integer(),
});
export type ApiUsageRow = Static<typeof ApiUsageRow>;

/** Days and endpoints with at least one call, by date then endpoint; totals over the whole range. */
export const ApiUsageAnswer = Type.Object({
  data: Type.Array(ApiUsageRow),
  totals: Type.Object({
    calls: Type.Integer(),
    by_endpoint: Type.Record(Type.String(), Type.Integer()),
  }),
});
export type ApiUsageAnswer = Static<typeof ApiUsageAnswer>;
