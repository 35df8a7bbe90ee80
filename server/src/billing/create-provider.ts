import type { Config } from '../config';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/** Stripe when its key is configured (config.ts requires the webhook secret with it), else the test provider. */
export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    return createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
    });
  }
  return createTestProvider(config.appUrl);
}
