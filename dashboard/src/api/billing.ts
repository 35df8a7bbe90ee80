import type {
  CheckoutAnswer,
  CheckoutSessionAnswer,
  PlanChoiceBody,
  PlanListAnswer,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// Plans and paying for one (docs/api.md "Plans and billing").

/** The public plan list. */
export function listPlans(client: ApiClient, options?: CallOptions): Promise<PlanListAnswer> {
  return client.get<PlanListAnswer>('/api/plans', options);
}

/** A checkout for the company's move to that plan; the answer says where to pay. */
export function startCheckout(
  client: ApiClient,
  companyId: number,
  body: PlanChoiceBody,
): Promise<CheckoutAnswer> {
  return client.post<CheckoutAnswer>(`/api/companies/${companyId}/checkout`, body);
}

/** A checkout's status, read by the payment-success page. */
export function getCheckoutSession(
  client: ApiClient,
  sessionId: string,
  options?: CallOptions,
): Promise<CheckoutSessionAnswer> {
  return client.get<CheckoutSessionAnswer>(`/api/billing/sessions/${encodeURIComponent(sessionId)}`, options);
}
