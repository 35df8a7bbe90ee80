import type Stripe from 'stripe';
import { badRequest } from '../errors';
import type { CheckoutRequest, PaymentProvider, WebhookOutcome } from './provider';

/** Client settings beside the key: tests point `host`, `port` and `protocol` at a local fake of Stripe's API. */
export type StripeClientOptions = Pick<
  Stripe.StripeConfig,
  'host' | 'port' | 'protocol' | 'maxNetworkRetries' | 'timeout'
>;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  stripeClientOptions?: StripeClientOptions;
}

const INTERVAL_WORDS = { month: 'monthly', year: 'yearly' } as const;

/** The Checkout Session we ask Stripe for: one line with the plan's price, tied to our session by id. */
function checkoutParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const { session, company, plan } = request;
  return {
    // A subscription needs prices made in Stripe beforehand; a one-off payment per period needs none.
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: plan.currency,
          unit_amount: plan.priceCents,
          product_data: { name: `Footfall ${plan.name} (${INTERVAL_WORDS[plan.interval]})` },
        },
      },
    ],
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: session.id,
    metadata: {
      checkout_session_id: session.id,
      company_id: String(company.id),
      plan_id: String(plan.id),
    },
    // Stripe's page closes when ours does, so a payment cannot arrive for a session we consider expired.
    expires_at: Math.floor(session.expiresAt.getTime() / 1000),
  };
}

/** The session a Checkout Session event is about, by the ids we gave Stripe. */
function ourSessionId(session: Stripe.Checkout.Session): string | undefined {
  return session.metadata?.checkout_session_id ?? session.client_reference_id ?? undefined;
}

function outcomeOf(event: Stripe.Event): WebhookOutcome {
  switch (event.type) {
    // `completed` comes with payment_status `unpaid` for delayed methods (bank debits), which report
    // `async_payment_succeeded` once the money arrives: only a paid session changes the plan.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const sessionId = ourSessionId(session);
      if (session.payment_status !== 'paid' || !sessionId) return { kind: 'ignored' };
      return { kind: 'paid', sessionId, externalId: session.id };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const sessionId = ourSessionId(session);
      return sessionId ? { kind: 'expired', sessionId, externalId: session.id } : { kind: 'ignored' };
    }
    default:
      return { kind: 'ignored' };
  }
}

/**
 * Checkout through Stripe (used when `STRIPE_SECRET_KEY` is set). The package is loaded only then: it is
 * large, and most installs never bill.
 */
export async function createStripeProvider(options: StripeProviderOptions): Promise<PaymentProvider> {
  const { default: StripeClient } = await import('stripe');
  const stripe = new StripeClient(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...options.stripeClientOptions,
  });
  return {
    name: 'stripe',
    async createCheckout(request) {
      // The idempotency key makes a retried request (a network error after Stripe created it) answer the
      // same Checkout Session instead of a second one.
      const created = await stripe.checkout.sessions.create(checkoutParams(request), {
        idempotencyKey: request.session.id,
      });
      if (!created.url) throw new Error(`Stripe answered checkout session ${created.id} without a URL.`);
      return { checkoutUrl: created.url, externalId: created.id };
    },
    readWebhook(rawBody, signature) {
      if (!signature) throw badRequest('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw badRequest('The webhook signature is invalid.');
      }
      return outcomeOf(event);
    },
  };
}
