import type { CheckoutSession } from '@footfall/db';
import type { App } from '../types';

/** What reading a checkout session reads of the app. */
type CheckoutSessionDeps = Pick<App, 'now' | 'repos'>;

/**
 * The session as it stands now: an open session whose time is up is expired, and stored as such the first
 * time anyone looks, so that nothing can complete it afterwards (a provider's payment aside).
 */
export async function refreshStatus(
  app: CheckoutSessionDeps,
  session: CheckoutSession,
): Promise<CheckoutSession> {
  if (session.status !== 'open' || session.expiresAt.getTime() > app.now().getTime()) return session;
  return (
    (await app.repos.checkoutSessions.expire(session.id)) ??
    (await app.repos.checkoutSessions.findById(session.id)) ??
    session
  );
}

/** The session with this id as it stands now, or undefined. */
export async function findSession(
  app: CheckoutSessionDeps,
  id: string,
): Promise<CheckoutSession | undefined> {
  const session = await app.repos.checkoutSessions.findById(id);
  return session && refreshStatus(app, session);
}
