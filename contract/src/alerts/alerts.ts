import { type Static, Type } from '@sinclair/typebox';
import { limits } from '../accounts/auth';
import { Nullable, ResourceId, Timestamp } from '../common';
import { MAX_ALERT_CHANNELS } from './alert-constants';

// Alerts and webhooks (docs/api.md "Alerts and webhooks"): rules that watch a site, and the channels
// (e-mail, Slack, signed webhooks) their messages are delivered to, with a log of every delivery.

const ChannelKind = Type.Union([Type.Literal('email'), Type.Literal('slack'), Type.Literal('webhook')]);
const AlertKindSchema = Type.Union([Type.Literal('spike'), Type.Literal('drop'), Type.Literal('goal')]);
const MessageType = Type.Union([
  Type.Literal('spike'),
  Type.Literal('drop'),
  Type.Literal('recovered'),
  Type.Literal('goal'),
  Type.Literal('test'),
]);
const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]);

const Name = Type.String({ minLength: 1, maxLength: limits.nameMax });
/** E-mail: one or more addresses separated by commas; Slack and webhook: an https URL. */
const Target = Type.String({ minLength: 1, maxLength: 2000 });

export const AlertChannelBody = Type.Object({
  name: Name,
  kind: ChannelKind,
  target: Target,
});
export type AlertChannelBody = Static<typeof AlertChannelBody>;

/** A channel's kind and secret never change: delete it and add another. */
export const AlertChannelUpdateBody = Type.Object({
  name: Type.Optional(Name),
  target: Type.Optional(Target),
});
export type AlertChannelUpdateBody = Static<typeof AlertChannelUpdateBody>;

export const AlertChannel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: ChannelKind,
  /** E-mail: the addresses, comma-separated and lower-cased; Slack and webhook: the URL. */
  target: Type.String(),
  /** A webhook's signing secret (`whsec_…`); null for the other kinds. */
  secret: Nullable(Type.String()),
  created_at: Timestamp,
});
export type AlertChannel = Static<typeof AlertChannel>;

export const AlertChannelAnswer = Type.Object({ data: AlertChannel });
export type AlertChannelAnswer = Static<typeof AlertChannelAnswer>;
export const AlertChannelListAnswer = Type.Object({ data: Type.Array(AlertChannel) });
export type AlertChannelListAnswer = Static<typeof AlertChannelListAnswer>;

export const AlertChannelParams = Type.Object({ id: ResourceId, channel_id: ResourceId });
export type AlertChannelParams = Static<typeof AlertChannelParams>;

/** One message to one channel, as its log shows it. */
export const AlertDelivery = Type.Object({
  id: Type.Integer(),
  channel_id: Type.Integer(),
  alert_id: Nullable(Type.Integer()),
  kind: Type.Union([Type.Literal('alert'), Type.Literal('test')]),
  type: MessageType,
  message: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  /** The receiver's HTTP status on the last attempt (webhooks and Slack). */
  response_status: Nullable(Type.Integer()),
  /** When a pending delivery is tried next; null once sent or given up. */
  next_attempt_at: Nullable(Timestamp),
  created_at: Timestamp,
});
export type AlertDelivery = Static<typeof AlertDelivery>;

export const AlertDeliveryAnswer = Type.Object({ data: AlertDelivery });
export type AlertDeliveryAnswer = Static<typeof AlertDeliveryAnswer>;
export const AlertDeliveryListAnswer = Type.Object({ data: Type.Array(AlertDelivery) });
export type AlertDeliveryListAnswer = Static<typeof AlertDeliveryListAnswer>;

const Threshold = Type.Integer({ minimum: 1, maximum: 1_000_000 });
const EventName = Type.String({ minLength: 1, maxLength: 120 });
const ChannelIds = Type.Array(ResourceId, { minItems: 1, maxItems: MAX_ALERT_CHANNELS });

/**
 * A rule: `spike` when realtime visitors rise above `threshold`; `drop` when no event came for `threshold`
 * hours; `goal` when today's conversions of `goal_id` (or the custom events named `event_name`) reach
 * `threshold`. Exactly one of `goal_id` and `event_name` for a goal rule, neither for the others.
 */
export const AlertRuleBody = Type.Object({
  kind: AlertKindSchema,
  threshold: Threshold,
  goal_id: Type.Optional(ResourceId),
  event_name: Type.Optional(EventName),
  channel_ids: ChannelIds,
  enabled: Type.Optional(Type.Boolean()),
});
export type AlertRuleBody = Static<typeof AlertRuleBody>;

/** Every field optional; `null` (or blank) for `goal_id` or `event_name` clears it, to switch between them. */
export const AlertRuleUpdateBody = Type.Partial(AlertRuleBody);
export type AlertRuleUpdateBody = Static<typeof AlertRuleUpdateBody>;

export const AlertRule = Type.Object({
  id: Type.Integer(),
  kind: AlertKindSchema,
  threshold: Type.Integer(),
  goal_id: Nullable(Type.Integer()),
  event_name: Nullable(Type.String()),
  channel_ids: Type.Array(Type.Integer()),
  enabled: Type.Boolean(),
  /** `firing` while a spike or a drop lasts; a goal rule is `firing` on the day it fired. */
  state: Type.Union([Type.Literal('armed'), Type.Literal('firing')]),
  last_fired_at: Nullable(Timestamp),
  created_at: Timestamp,
});
export type AlertRule = Static<typeof AlertRule>;

export const AlertRuleAnswer = Type.Object({ data: AlertRule });
export type AlertRuleAnswer = Static<typeof AlertRuleAnswer>;
export const AlertRuleListAnswer = Type.Object({ data: Type.Array(AlertRule) });
export type AlertRuleListAnswer = Static<typeof AlertRuleListAnswer>;

export const AlertRuleParams = Type.Object({ id: ResourceId, alert_id: ResourceId });
export type AlertRuleParams = Static<typeof AlertRuleParams>;

/**
 * The JSON a webhook channel receives (Slack channels get `{text, blocks}` instead), signed in the
 * `Footfall-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 */
export const AlertPayload = Type.Object({
  type: MessageType,
  site: Type.Object({ id: Type.Integer(), name: Type.String(), domain: Nullable(Type.String()) }),
  alert: Nullable(
    Type.Object({
      id: Type.Integer(),
      kind: AlertKindSchema,
      threshold: Type.Integer(),
      goal_id: Nullable(Type.Integer()),
      event_name: Nullable(Type.String()),
      /** The figure that crossed the threshold: visitors, hours without events, conversions. */
      value: Type.Integer(),
    }),
  ),
  message: Type.String(),
  occurred_at: Timestamp,
  dashboard_url: Type.String(),
});
export type AlertPayload = Static<typeof AlertPayload>;
