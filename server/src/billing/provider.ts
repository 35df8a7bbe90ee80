import type { CheckoutSession, Company, PaymentProviderName, Plan } from '@footfall/db';

export interface CheckoutRequest {
  session: CheckoutSession;
  company: Pick<Company, 'id' | 'name'>;
  plan: Plan;
  /** Where the payer lands after paying: the dashboard's payment-success page for this session. */
  successUrl: string;
  /** Where the payer lands after giving up: the company's plans page. */
  cancelUrl: string;
}

export interface CheckoutStarted {
  /** Where to send the browser to pay. */
  checkoutUrl: string;
  /** The provider's own id of the checkout, when it has one. */
  externalId?: string;
}

/** What a verified webhook delivery asks of us, by our checkout session id. */
export type WebhookOutcome =
  | { kind: 'paid'; sessionId: string; externalId: string }
  | { kind: 'expired'; sessionId: string; externalId: string }
  | { kind: 'ignored' };

/**
 * Where payments happen. `createCheckout` starts one for a session already stored as open; a provider that
 * reports back by webhook also verifies and reads the deliveries (`readWebhook` throws a 400 AppError for a
 * delivery it cannot trust).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  readWebhook?(rawBody: string, signature: string | undefined): WebhookOutcome;
}
