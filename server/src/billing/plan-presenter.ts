import type { AdminPlan, CheckoutSession, Plan, PlanChange } from '@footfall/contract';
import type {
  CheckoutSession as CheckoutSessionRow,
  PlanChange as PlanChangeRow,
  Plan as PlanRow,
} from '@footfall/db';

/** A plan as offered (docs/api.md "Plans and billing"): what it costs and what it allows. */
export function presentPlan(plan: PlanRow): Plan {
  return {
    id: plan.id,
    slug: plan.slug,
    name: plan.name,
    price_cents: plan.priceCents,
    currency: plan.currency,
    interval: plan.interval,
    events_quota: plan.eventsQuota,
    api_calls_quota: plan.apiCallsQuota,
    retention_days: plan.retentionDays,
    features: plan.features,
  };
}

/** A plan as admins manage it: whether it is offered, whether new companies start on it, who is on it. */
export function presentAdminPlan(plan: PlanRow & { companies: number }): AdminPlan {
  return { ...presentPlan(plan), active: plan.active, is_default: plan.isDefault, companies: plan.companies };
}

export function presentCheckoutSession(session: CheckoutSessionRow): CheckoutSession {
  return { id: session.id, status: session.status, company_id: session.companyId, plan_id: session.planId };
}

/** A recorded move between plans, the plans named by slug (`slugs` maps plan ids to slugs). */
export function presentPlanChange(change: PlanChangeRow, slugs: ReadonlyMap<number, string>): PlanChange {
  return {
    id: change.id,
    from_plan: change.fromPlanId === null ? null : (slugs.get(change.fromPlanId) ?? null),
    to_plan: slugs.get(change.toPlanId) ?? String(change.toPlanId),
    source: change.source,
    created_at: change.createdAt.toISOString(),
  };
}
