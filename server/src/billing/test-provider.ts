import type { PaymentProvider } from './provider';

/**
 * The built-in provider, used when Stripe is not configured: its checkout is a page of this server
 * (`/billing/checkout/{session_id}`) where the payer confirms or cancels, and no card is charged. Anyone
 * who may start a checkout can thus change plans for free: right for trials, development and self-hosted
 * installs that do not bill.
 */
export function createTestProvider(appUrl: string): PaymentProvider {
  return {
    name: 'test',
    async createCheckout({ session }) {
      return { checkoutUrl: `${appUrl}/billing/checkout/${session.id}` };
    },
  };
}
