import type { CheckoutSession, CheckoutStatus } from '@footfall/db';
import { type AuditActor, SYSTEM_ACTOR } from '../audit/audit-log';
import type { App } from '../types';
import { changePlan } from './change-plan';

/** What completing a checkout reads of the app. */
type CheckoutCompletionDeps = Pick<App, 'audit' | 'companyChanged' | 'now' | 'repos'>;

export interface CompletionOptions {
  /** The statuses completion may leave: `open`, and `expired` too when a provider reports a payment. */
  from?: CheckoutStatus[];
  /** The address of the member completing it in person (a free plan); a provider's webhook has none. */
  ip?: string;
}

/**
 * Completes a checkout: marks the session complete, then moves the company to its plan. Only the request
 * that moves the session out of its status applies the plan, so a double click or a webhook delivered twice
 * changes the plan once. Answers the session as it now stands, or undefined when it does not exist.
 */
export async function completeCheckout(
  app: CheckoutCompletionDeps,
  sessionId: string,
  options: CompletionOptions = {},
): Promise<CheckoutSession | undefined> {
  const before = await app.repos.checkoutSessions.findById(sessionId);
  if (!before) return undefined;
  const from = options.from ?? ['open'];
  if (!from.includes(before.status)) return before;
  const completed = await app.repos.checkoutSessions.complete(sessionId, app.now(), from);
  if (!completed) return app.repos.checkoutSessions.findById(sessionId);
  try {
    await changePlan(
      app,
      {
        companyId: completed.companyId,
        toPlanId: completed.planId,
        source: 'checkout',
        checkoutSessionId: completed.id,
      },
      { actor: await checkoutPayer(app, completed.userId), ip: options.ip ?? null },
    );
  } catch (error) {
    // Marked complete but not applied: put the session back, so that a retry (Stripe redelivers a webhook
    // that failed) applies it rather than finding it done.
    await app.repos.checkoutSessions.reopen(sessionId, before.status);
    throw error;
  }
  return completed;
}

/** The member who started a checkout, as the actor of the plan change it pays for. */
async function checkoutPayer(app: CheckoutCompletionDeps, userId: number | null): Promise<AuditActor> {
  const user = userId === null ? undefined : await app.repos.users.findById(userId);
  return user ? { kind: 'user', id: user.id, name: user.name, email: user.email } : SYSTEM_ACTOR;
}
