import type { Plan, Usage } from '@footfall/contract';
import { can } from '@footfall/contract/rules';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { startCheckout } from '../../api/billing';
import { http } from '../../app/services';
import { CompanyShell } from '../../components/company-shell';
import { QuotaMeter } from '../../components/quota-meter';
import { PlanCard } from './plan-card';
import { planMove } from './plan-text';

const route = getRouteApi('/_main/_authenticated/user-plans/$company_id');

/** `/user-plans/{id}`: the plans side by side, the company's usage against its quotas, and checkout. */
export default function PlansPage() {
  const { company_id: companyId } = route.useParams();
  const { checkout } = route.useSearch();
  const { plans, usage, company } = route.useLoaderData();
  const current = plans.find((plan) => plan.slug === company.plan);

  return (
    <CompanyShell companyId={companyId} section="plans" title="Plans">
      {checkout === 'canceled' ? (
        <p className="notice notice-info" role="status">
          Checkout canceled: nothing was charged and your plan did not change.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="usage-heading">
        <h2 id="usage-heading">This month on {current ? `the ${current.name} plan` : 'your plan'}</h2>
        <UsageMeters usage={usage} />
      </section>
      {can(company.role, 'manageBilling') ? null : (
        <p className="notice notice-info">Only the company's owner can change its plan.</p>
      )}
      <ul className="plan-grid" aria-label="Plans">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} current={plan.slug === company.plan}>
              {plan.slug === company.plan || company.role !== 'owner' ? null : (
                <CheckoutButton plan={plan} move={planMove(current, plan)} companyId={company.id} />
              )}
            </PlanCard>
          </li>
        ))}
      </ul>
      <p className="muted small">
        Prices are per month. A change applies at once: a new quota counts this month's usage so far. Imported
        events do not count toward the quota.
      </p>
    </CompanyShell>
  );
}

function UsageMeters({ usage }: { usage: Usage }) {
  const period = `Billing period ${usage.period_start} – ${usage.period_end}`;
  return (
    <div className="usage-meters">
      <QuotaMeter
        label="Pageviews and events"
        used={usage.events_used}
        quota={usage.events_quota}
        period={period}
        whenReached="new events are refused until next month or an upgrade."
      />
      <QuotaMeter
        label="Stats API calls"
        used={usage.api_calls_used}
        quota={usage.api_calls_quota}
        period={period}
        whenReached="API calls answer 429 until next month or an upgrade."
      />
    </div>
  );
}

/** Starts a checkout and goes to its page (the provider's, or the payment-success page for a free plan). */
function CheckoutButton({ plan, move, companyId }: { plan: Plan; move: string; companyId: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await startCheckout(http, companyId, { plan_id: plan.id });
      window.location.assign(answer.data.checkout_url);
    } catch (caught) {
      // 5xx, 401 and 403 are shown by the alerts; a refusal of this plan is shown here.
      if (caught instanceof ApiError && caught.status === 422)
        setError(caught.fieldError('plan_id') ?? caught.message);
      setBusy(false);
    }
  };
  return (
    <div className="plan-action">
      <button
        type="button"
        className={move === 'Upgrade' ? 'button button-primary button-block' : 'button button-block'}
        onClick={start}
        disabled={busy}
      >
        {busy ? 'Opening checkout…' : `${move} to ${plan.name}`}
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
