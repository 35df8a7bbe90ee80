import {
  CheckoutAnswer,
  CheckoutSessionAnswer,
  CheckoutSessionParams,
  IdParams,
  PlanChoiceBody,
  PlanListAnswer,
} from '@footfall/contract';
import { canManageBilling } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { presentCheckoutSession, presentPlan } from './plan-presenter';
import { findSession } from './session-status';
import { startCheckout } from './start-checkout';
import { stripeWebhookRoutes } from './stripe-webhook-routes';
import { testCheckoutRoutes } from './test-checkout-routes';

/**
 * Plans and checkout (docs/api.md "Plans and billing"): the public plan list, checkout for a company's owner, the session
 * status the payment-success page reads, Stripe's webhook, and the test provider's checkout page.
 */
export async function billingRoutes(app: App): Promise<void> {
  app.get('/api/plans', { schema: { tags: ['Public'], response: { 200: PlanListAnswer } } }, async () => ({
    data: (await app.repos.plans.list()).map(presentPlan),
  }));

  app.post(
    '/api/companies/:id/checkout',
    {
      config: { auth: 'user', permission: canManageBilling },
      schema: { params: IdParams, body: PlanChoiceBody, response: { 200: CheckoutAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const plan = await app.repos.plans.findById(request.body.plan_id);
      if (!plan?.active) throw fieldError('plan_id', 'The selected plan id is invalid.');
      if (plan.id === company.planId) throw fieldError('plan_id', 'The company is already on this plan.');
      const started = await startCheckout(app, {
        company,
        plan,
        userId: currentUser(request).id,
        ip: request.ip,
      });
      return { data: { checkout_url: started.checkoutUrl, session_id: started.sessionId } };
    },
  );

  // No token needed: the payment-success page may open in another browser, and the random id is the
  // capability (like a provider's own checkout link).
  app.get(
    '/api/billing/sessions/:session_id',
    {
      schema: {
        tags: ['Companies'],
        params: CheckoutSessionParams,
        response: { 200: CheckoutSessionAnswer },
      },
    },
    async (request) => {
      const session = await findSession(app, request.params.session_id);
      if (!session) throw notFound();
      return { data: presentCheckoutSession(session) };
    },
  );

  await app.register(stripeWebhookRoutes);
  await app.register(testCheckoutRoutes);
}
