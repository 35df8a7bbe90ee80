import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';

/** Checkout session ids are `cs_` and URL-safe characters; anything else names no session. */
const SESSION_ID = /^cs_[A-Za-z0-9_-]{8,100}$/;

export interface PaymentSuccessSearch {
  session_id?: string;
}

function validatePaymentSearch(raw: Record<string, unknown>): PaymentSuccessSearch {
  const id = raw.session_id;
  return typeof id === 'string' && SESSION_ID.test(id) ? { session_id: id } : {};
}

export const Route = createFileRoute('/_main/payment-success')({
  validateSearch: validatePaymentSearch,
  component: lazyScreen(() => import('../../screens/billing/payment-success')),
});
