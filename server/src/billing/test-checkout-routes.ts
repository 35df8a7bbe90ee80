import type { CheckoutSession } from '@footfall/db';
import type { FastifyReply } from 'fastify';
import type { App } from '../types';
import { checkoutNotFoundPage, closedCheckoutPage, openCheckoutPage } from './checkout-page';
import { completeCheckout } from './complete-checkout';
import { isCheckoutSessionId } from './session-id';
import { findSession } from './session-status';

interface SessionParams {
  session_id: string;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  // A payment page: never cached, never framed by another site (the security headers' frame-ancestors).
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * A test-provider session by its id, as it stands now; undefined for a malformed or unknown id, and for a
 * session of another provider (after switching to Stripe, an old test session must not upgrade for free).
 */
async function testSession(app: App, id: string): Promise<CheckoutSession | undefined> {
  if (app.paymentProvider.name !== 'test' || !isCheckoutSessionId(id)) return undefined;
  const session = await findSession(app, id);
  return session?.provider === 'test' ? session : undefined;
}

const paymentSuccess = (session: CheckoutSession) =>
  `/payment-success?session_id=${encodeURIComponent(session.id)}`;

/**
 * The test provider's checkout (`/billing/checkout/{session_id}`): server-rendered HTML outside `/api`, so it
 * wins over the dashboard's history-mode fallback, sets no XSRF cookie and takes no token. The session id in
 * the path is the capability, as with a provider's hosted checkout page. The buttons are plain form posts
 * with empty bodies.
 */
export async function testCheckoutRoutes(app: App): Promise<void> {
  // The buttons' forms carry no fields: read and drop whatever comes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  app.get<{ Params: SessionParams }>(
    '/billing/checkout/:session_id',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = await testSession(app, request.params.session_id);
      if (!session) return sendPage(reply, 404, checkoutNotFoundPage());
      if (session.status !== 'open') return sendPage(reply, 200, closedCheckoutPage(session));
      const [company, plan] = await Promise.all([
        app.repos.companies.findById(session.companyId),
        app.repos.plans.findById(session.planId),
      ]);
      if (!company || !plan) return sendPage(reply, 404, checkoutNotFoundPage());
      return sendPage(reply, 200, openCheckoutPage({ session, companyName: company.name, plan }));
    },
  );

  // Confirming a session that is not open changes nothing: the payment-success page shows its real status.
  app.post<{ Params: SessionParams }>(
    '/billing/checkout/:session_id/confirm',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = await testSession(app, request.params.session_id);
      if (!session) return sendPage(reply, 404, checkoutNotFoundPage());
      if (session.status === 'open') await completeCheckout(app, session.id, { ip: request.ip });
      return reply.redirect(paymentSuccess(session), 303);
    },
  );

  app.post<{ Params: SessionParams }>(
    '/billing/checkout/:session_id/cancel',
    { schema: { hide: true } },
    async (request, reply) => {
      const session = await testSession(app, request.params.session_id);
      if (!session) return sendPage(reply, 404, checkoutNotFoundPage());
      const canceled = session.status === 'open' && (await app.repos.checkoutSessions.cancel(session.id));
      if (!canceled) return reply.redirect(paymentSuccess(session), 303);
      return reply.redirect(`/user-plans/${session.companyId}?checkout=canceled`, 303);
    },
  );
}
