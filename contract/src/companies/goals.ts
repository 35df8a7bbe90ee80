import { type Static, Type } from '@sinclair/typebox';
import { limits } from '../accounts/auth';
import { MAX_PROP_KEY_LENGTH } from '../analytics/ingest';
import { Nullable, ResourceId, Timestamp } from '../common';

/** The most goals one company may define. */
export const MAX_GOALS = 100;

/** A custom event's property that a goal requires, by key and value (compared as text). */
export const GoalProp = Type.Object({
  key: Type.String({ minLength: 1, maxLength: MAX_PROP_KEY_LENGTH }),
  value: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type GoalProp = Static<typeof GoalProp>;

/**
 * `POST /api/companies/{id}/goals` (docs/api.md "Goals"): exactly one of `event_name` (a custom event, with
 * `prop` optionally) and `page_path` (a pageview whose path matches: `*` within a segment, `**` across).
 */
/**
 * A revenue goal's currency, ISO 4217 (`EUR`, any case, stored upper-cased): the goal then sums the `revenue`
 * property of its events in that currency.
 */
export const RevenueCurrency = Type.String({ pattern: '^[A-Za-z]{3}$' });

export const GoalBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: limits.nameMax }),
  event_name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  page_path: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  prop: Type.Optional(GoalProp),
  revenue_currency: Type.Optional(RevenueCurrency),
});
export type GoalBody = Static<typeof GoalBody>;

/**
 * `PATCH /api/companies/{id}/goals/{goal_id}`: the fields to change. Giving `event_name` makes it an event
 * goal, `page_path` a page goal (the other is dropped); `prop: null` drops the property.
 */
export const GoalUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: limits.nameMax })),
  event_name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  page_path: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  prop: Type.Optional(Nullable(GoalProp)),
  revenue_currency: Type.Optional(Nullable(RevenueCurrency)),
});
export type GoalUpdateBody = Static<typeof GoalUpdateBody>;

export const Goal = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('event'), Type.Literal('page')]),
  event_name: Nullable(Type.String()),
  page_path: Nullable(Type.String()),
  prop: Nullable(GoalProp),
  /** With a currency, an event goal sums its events' `revenue` property (docs/api.md "Goals"). */
  revenue_currency: Nullable(Type.String()),
  created_at: Timestamp,
});
export type Goal = Static<typeof Goal>;

export const GoalAnswer = Type.Object({ data: Goal });
export type GoalAnswer = Static<typeof GoalAnswer>;

export const GoalListAnswer = Type.Object({ data: Type.Array(Goal) });
export type GoalListAnswer = Static<typeof GoalListAnswer>;

export const GoalParams = Type.Object({ id: ResourceId, goal_id: ResourceId });
export type GoalParams = Static<typeof GoalParams>;
