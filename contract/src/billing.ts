import { type Static, Type } from '@sinclair/typebox';
import { Nullable, ResourceId, Timestamp } from './common';

// Plans, checkout and billing sessions (docs/api.md "Plans and billing"), and the admin's plan management (docs/api.md "Admin: plans").

/** A plan on offer (`GET /api/plans`). */
export const Plan = Type.Object({
  /** What checkout's `plan_id` names. */
  id: Type.Integer(),
  /** What `company.plan` names: `free`, `starter`, … */
  slug: Type.String(),
  name: Type.String(),
  /** The price per interval in the currency's minor unit (cents); 0 for a free plan. */
  price_cents: Type.Integer(),
  /** ISO 4217, lower-case (`usd`). */
  currency: Type.String(),
  interval: Type.Union([Type.Literal('month'), Type.Literal('year')]),
  /** Pageviews and custom events a month. */
  events_quota: Type.Integer(),
  /** Stats-API calls a month. */
  api_calls_quota: Type.Integer(),
  /** How long events are kept. */
  retention_days: Type.Integer(),
  features: Type.Array(Type.String()),
});
export type Plan = Static<typeof Plan>;

export const PlanListAnswer = Type.Object({ data: Type.Array(Plan) });
export type PlanListAnswer = Static<typeof PlanListAnswer>;

/** `{plan_id}`: the body of checkout and of the admin's plan change. */
export const PlanChoiceBody = Type.Object({ plan_id: ResourceId });
export type PlanChoiceBody = Static<typeof PlanChoiceBody>;

/** `POST /api/companies/{id}/checkout`: where to send the browser to pay, and the session to ask about. */
export const CheckoutAnswer = Type.Object({
  data: Type.Object({ checkout_url: Type.String(), session_id: Type.String() }),
});
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;

/** A checkout session's id: `cs_` and 32 URL-safe random characters. */
export const CHECKOUT_SESSION_ID_PATTERN = '^cs_[A-Za-z0-9_-]{32}$';

/** `GET /api/billing/sessions/{session_id}`: an id that does not match the pattern is 404. */
export const CheckoutSessionParams = Type.Object({
  session_id: Type.String({ pattern: CHECKOUT_SESSION_ID_PATTERN }),
});
export type CheckoutSessionParams = Static<typeof CheckoutSessionParams>;

export const CheckoutStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('complete'),
  Type.Literal('canceled'),
  Type.Literal('expired'),
]);
export type CheckoutStatus = Static<typeof CheckoutStatus>;

/** A checkout as the payment-success page reads it. */
export const CheckoutSession = Type.Object({
  id: Type.String(),
  status: CheckoutStatus,
  company_id: Type.Integer(),
  plan_id: Type.Integer(),
});
export type CheckoutSession = Static<typeof CheckoutSession>;

export const CheckoutSessionAnswer = Type.Object({ data: CheckoutSession });
export type CheckoutSessionAnswer = Static<typeof CheckoutSessionAnswer>;

/** `POST /api/billing/stripe/webhook`: Stripe only needs a 2xx. */
export const WebhookAnswer = Type.Object({ received: Type.Literal(true) });
export type WebhookAnswer = Static<typeof WebhookAnswer>;

/** Limits of the admin's plan edits. */
export const PLAN_PRICE_MAX_CENTS = 10_000_000;
export const PLAN_RETENTION_MAX_DAYS = 3650;
export const PLAN_FEATURES_MAX = 12;
export const PLAN_FEATURE_MAX_LENGTH = 120;
export const PLAN_NAME_MAX_LENGTH = 60;

/** A plan as admins list it: inactive plans too, with how many companies are on it. */
export const AdminPlan = Type.Composite([
  Plan,
  Type.Object({
    /** Offered in `GET /api/plans` and to checkout; companies already on an inactive plan stay on it. */
    active: Type.Boolean(),
    /** The plan new companies start on; it cannot be deactivated. */
    is_default: Type.Boolean(),
    companies: Type.Integer(),
  }),
]);
export type AdminPlan = Static<typeof AdminPlan>;

export const AdminPlanListAnswer = Type.Object({ data: Type.Array(AdminPlan) });
export type AdminPlanListAnswer = Static<typeof AdminPlanListAnswer>;

export const AdminPlanAnswer = Type.Object({ data: AdminPlan });
export type AdminPlanAnswer = Static<typeof AdminPlanAnswer>;

/** `PATCH /api/admin/plans/{id}`: the fields to change; absent fields keep their value. */
export const AdminPlanUpdateBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: PLAN_NAME_MAX_LENGTH })),
  price_cents: Type.Optional(Type.Integer({ minimum: 0, maximum: PLAN_PRICE_MAX_CENTS })),
  events_quota: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 })),
  api_calls_quota: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 31 - 1 })),
  retention_days: Type.Optional(Type.Integer({ minimum: 1, maximum: PLAN_RETENTION_MAX_DAYS })),
  features: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: PLAN_FEATURE_MAX_LENGTH }), {
      maxItems: PLAN_FEATURES_MAX,
    }),
  ),
  active: Type.Optional(Type.Boolean()),
});
export type AdminPlanUpdateBody = Static<typeof AdminPlanUpdateBody>;

/** `PUT /api/admin/companies/{id}/plan`: the company's plan after the change. */
export const AdminCompanyPlanAnswer = Type.Object({
  data: Type.Object({ company_id: Type.Integer(), plan_id: Type.Integer(), plan: Plan }),
});
export type AdminCompanyPlanAnswer = Static<typeof AdminCompanyPlanAnswer>;

/** One move of a company between plans; plans are named by slug. */
export const PlanChange = Type.Object({
  id: Type.Integer(),
  /** Null only for a company's first plan, if ever recorded. */
  from_plan: Nullable(Type.String()),
  to_plan: Type.String(),
  source: Type.Union([Type.Literal('checkout'), Type.Literal('admin')]),
  created_at: Timestamp,
});
export type PlanChange = Static<typeof PlanChange>;

/** `GET /api/admin/companies/{id}/plan-changes`: newest first. */
export const PlanChangeListAnswer = Type.Object({ data: Type.Array(PlanChange) });
export type PlanChangeListAnswer = Static<typeof PlanChangeListAnswer>;
