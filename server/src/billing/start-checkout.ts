import { messages } from '@footfall/contract';
import type { CompanyForUser, Plan } from '@footfall/db';
import { AppError } from '../errors';
import { takeAttempt } from '../rate-limit/fixed-windows';
import type { App } from '../types';
import { completeCheckout } from './complete-checkout';
import { newCheckoutSessionId } from './session-id';

/** How long a checkout stays open: long enough to find a card, short enough that prices shown stay current. */
export const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
/**
 * Checkouts a company may start an hour: a person changing their mind needs a few; more is a script, and
 * each one is a row here and, with Stripe, a call to the provider.
 */
export const CHECKOUTS_PER_HOUR = 20;

export interface CheckoutStart {
  company: CompanyForUser;
  plan: Plan;
  userId: number;
  /** The member's address: a free plan is applied at once, and its audit entry keeps it (truncated). */
  ip?: string;
}

export interface StartedCheckout {
  checkoutUrl: string;
  sessionId: string;
}

/**
 * Opens a checkout session for a company moving to a plan, already checked by the caller. A free plan needs no
 * payment: the session completes at once and the browser goes straight to the payment-success page.
 */
export async function startCheckout(
  app: Pick<App, 'audit' | 'companyChanged' | 'config' | 'log' | 'now' | 'paymentProvider' | 'repos'>,
  start: CheckoutStart,
): Promise<StartedCheckout> {
  const { company, plan } = start;
  await takeAttempt(app, {
    key: `checkout:company:${company.id}`,
    limit: CHECKOUTS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    what: 'checkout',
  });
  const now = app.now();
  const session = await app.repos.checkoutSessions.create({
    id: newCheckoutSessionId(),
    provider: app.paymentProvider.name,
    companyId: company.id,
    planId: plan.id,
    userId: start.userId,
    status: 'open',
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
  });
  const successUrl = `${app.config.appUrl}/payment-success?session_id=${session.id}`;
  if (plan.priceCents === 0) {
    await completeCheckout(app, session.id, { ...(start.ip !== undefined && { ip: start.ip }) });
    return { checkoutUrl: successUrl, sessionId: session.id };
  }
  try {
    const started = await app.paymentProvider.createCheckout({
      session,
      company,
      plan,
      successUrl,
      cancelUrl: `${app.config.appUrl}/user-plans/${company.id}?checkout=canceled`,
    });
    if (started.externalId) await app.repos.checkoutSessions.setExternalId(session.id, started.externalId);
    return { checkoutUrl: started.checkoutUrl, sessionId: session.id };
  } catch (error) {
    // No one can pay for a session the provider never opened: close it.
    await app.repos.checkoutSessions.cancel(session.id);
    app.log.error({ err: error, sessionId: session.id }, 'billing: the payment provider refused a checkout');
    throw new AppError(502, messages.serverError);
  }
}
