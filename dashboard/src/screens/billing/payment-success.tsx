import type { CheckoutSession, Plan } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getCheckoutSession, listPlans } from '../../api/billing';
import { http } from '../../app/services';
import { usePolling } from '../../lib/hooks/use-polling';
import { planPrice, retentionText } from '../plans/plan-text';

const route = getRouteApi('/_main/payment-success');
/** How often an open session is read again: a provider's confirmation can trail the return by seconds. */
const RECHECK_MS = 2_000;

interface Outcome {
  session: CheckoutSession;
  plan: Plan | undefined;
}

/** `/payment-success?session_id=…`: reads the checkout session and shows the plan it moved the company to. */
export default function PaymentSuccess() {
  const { session_id: sessionId } = route.useSearch();
  const [outcome, setOutcome] = useState<Outcome | null | undefined>();

  useEffect(() => {
    document.title = 'Payment · Footfall';
  }, []);

  const isOpen = outcome === undefined || outcome?.session.status === 'open';
  usePolling(
    async (signal) => {
      if (!sessionId) return;
      try {
        const [session, plans] = await Promise.all([
          getCheckoutSession(http, sessionId, { signal, background: outcome !== undefined }),
          listPlans(http, { signal, background: true }),
        ]);
        setOutcome({
          session: session.data,
          plan: plans.data.find((plan) => plan.id === session.data.plan_id),
        });
      } catch {
        if (!signal.aborted) setOutcome(null);
      }
    },
    RECHECK_MS,
    Boolean(sessionId) && isOpen,
  );

  return (
    <section className="container narrow payment">
      <h1>Payment</h1>
      <PaymentOutcome sessionId={sessionId} outcome={outcome} />
    </section>
  );
}

function PaymentOutcome({ sessionId, outcome }: { sessionId?: string; outcome: Outcome | null | undefined }) {
  if (!sessionId || outcome === null) {
    return (
      <div className="notice notice-warning">
        <p>
          This page shows the result of a checkout, and this link names no checkout we know. If you were
          charged, your plans page shows your current plan.
        </p>
        <p>
          <Link to="/home">Back to the home page</Link>
        </p>
      </div>
    );
  }
  if (outcome === undefined) return <p className="muted">Reading your checkout…</p>;
  const { session, plan } = outcome;
  const plansLink = (
    <Link to="/user-plans/$company_id" params={{ company_id: session.company_id }} search={{}}>
      See your plans
    </Link>
  );
  switch (session.status) {
    case 'complete':
      return (
        <div className="notice notice-success" role="status">
          <h2>Payment received — you are on the {plan?.name ?? 'new'} plan</h2>
          {plan ? <PlanSummary plan={plan} /> : null}
          <p className="actions">
            <Link
              to="/dashboard/$company_id"
              params={{ company_id: session.company_id }}
              className="button button-primary"
            >
              Open the dashboard
            </Link>
            {plansLink}
          </p>
        </div>
      );
    case 'open':
      return (
        <div className="notice notice-info" role="status">
          <p>Waiting for the payment provider to confirm your payment… This page updates by itself.</p>
          <p>{plansLink}</p>
        </div>
      );
    default:
      return (
        <div className="notice notice-warning" role="status">
          <p>
            This checkout was {session.status === 'canceled' ? 'canceled' : 'not completed in time'}: nothing
            was charged and your plan did not change.
          </p>
          <p>{plansLink}</p>
        </div>
      );
  }
}

function PlanSummary({ plan }: { plan: Plan }) {
  return (
    <p>
      {planPrice(plan)}
      {plan.price_cents > 0 ? ` a ${plan.interval}` : ''} · {formatNumber(plan.events_quota)} events and{' '}
      {formatNumber(plan.api_calls_quota)} API calls a month · data kept {retentionText(plan.retention_days)}.
      The new quotas apply now.
    </p>
  );
}
