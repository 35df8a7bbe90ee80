import type { Plan } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import type { ReactNode } from 'react';
import { planPrice, retentionText } from './plan-text';

/** A plan's card: its price, quotas, data kept and features; `children` is its call to action. */
export function PlanCard({
  plan,
  current = false,
  children,
}: {
  plan: Plan;
  /** Marked "Current plan" (a company's plans page). */
  current?: boolean;
  children?: ReactNode;
}) {
  const headingId = `plan-${plan.slug}`;
  return (
    <article className={current ? 'plan-card is-current' : 'plan-card'} aria-labelledby={headingId}>
      <header>
        <h3 id={headingId}>{plan.name}</h3>
        {current ? <span className="badge badge-accent">Current plan</span> : null}
      </header>
      <p className="plan-price">
        <strong>{planPrice(plan)}</strong>
        {plan.price_cents > 0 ? <span className="muted"> / {plan.interval}</span> : null}
      </p>
      <dl className="plan-quotas">
        <div>
          <dt>Events a month</dt>
          <dd className="num">{formatNumber(plan.events_quota)}</dd>
        </div>
        <div>
          <dt>API calls a month</dt>
          <dd className="num">{formatNumber(plan.api_calls_quota)}</dd>
        </div>
        <div>
          <dt>Data kept</dt>
          <dd>{retentionText(plan.retention_days)}</dd>
        </div>
      </dl>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {children}
    </article>
  );
}
