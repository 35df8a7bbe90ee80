import { WebhookAnswer } from '@footfall/contract';
import { notFound } from '../errors';
import type { App } from '../types';
import { completeCheckout } from './complete-checkout';
import type { WebhookOutcome } from './provider';

/** Applies what a verified delivery reports, to a session of this provider only; anything else is ignored. */
async function applyOutcome(app: App, outcome: WebhookOutcome): Promise<void> {
  if (outcome.kind === 'ignored') return;
  const session =
    (await app.repos.checkoutSessions.findById(outcome.sessionId)) ??
    (await app.repos.checkoutSessions.findByExternalId(outcome.externalId));
  if (!session || session.provider !== app.paymentProvider.name) return;
  if (session.externalId !== null && session.externalId !== outcome.externalId) return;
  if (outcome.kind === 'paid') {
    // The money is taken: honour it even if our own clock already expired the session.
    await completeCheckout(app, session.id, { from: ['open', 'expired'] });
  } else {
    await app.repos.checkoutSessions.expire(session.id);
  }
}

/**
 * `POST /api/billing/stripe/webhook`: Stripe's event deliveries. The signature covers the exact bytes sent,
 * so this scope keeps JSON bodies as raw text (other routes' parsing is untouched). No cookie, no token, no
 * XSRF check: the signature is the authentication. 404 when the configured provider takes no webhooks.
 */
export async function stripeWebhookRoutes(app: App): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/billing/stripe/webhook',
    {
      config: { xsrf: false },
      schema: { tags: ['Public'], response: { 200: WebhookAnswer } },
    },
    async (request) => {
      const provider = app.paymentProvider;
      if (provider.name !== 'stripe' || !provider.readWebhook) throw notFound();
      const signature = request.headers['stripe-signature'];
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = provider.readWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
      await applyOutcome(app, outcome);
      return { received: true as const };
    },
  );
}
