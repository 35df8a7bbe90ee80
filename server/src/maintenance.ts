import type { App } from './types';

const HOUR = 60 * 60 * 1000;
/** The longest rate-limit window (resend and reset requests); older rows can only be stale. */
const LONGEST_WINDOW_MS = HOUR;
/** Revoked and expired sessions are kept a week, long enough to explain a "signed out" complaint. */
const SESSION_GRACE_MS = 7 * 24 * HOUR;

/** Deletes rows that no rule reads any more: expired or revoked sessions, and spent rate-limit windows. */
export async function pruneStaleRows(app: App): Promise<{ sessions: number; rateLimits: number }> {
  const now = app.now();
  const sessions = await app.repos.authSessions.deleteExpired(new Date(now.getTime() - SESSION_GRACE_MS));
  const rateLimits = await app.repos.rateLimits.prune(now, LONGEST_WINDOW_MS);
  return { sessions, rateLimits };
}

/** Prunes once the app is ready, then hourly; the timer never keeps the process alive. */
export function schedulePruning(app: App): void {
  const prune = () =>
    pruneStaleRows(app)
      .then((counts) => app.log.debug(counts, 'pruned stale rows'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'pruning stale rows failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(prune, HOUR).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
