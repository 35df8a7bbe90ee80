import { pruneAuditLog } from '../audit/prune-audit-log';
import { packEndedDays } from '../storage/pack-ended-days';
import { purgeExpiredEvents } from '../storage/retention';
import type { App } from '../types';
import type { ScheduledTask } from './scheduler';

/** What the maintenance pass reads of the app. */
type MaintenanceDeps = Pick<App, 'analytics' | 'importsUnderway' | 'log' | 'now' | 'repos'>;

const HOUR = 60 * 60 * 1000;
/** The longest rate-limit window (resend and reset requests); older rows can only be stale. */
const LONGEST_WINDOW_MS = HOUR;
/** Revoked and expired sessions are kept a week, long enough to explain a "signed out" complaint. */
const SESSION_GRACE_MS = 7 * 24 * HOUR;
/**
 * A salt serves one local day (at most 25 hours) and is created at its first event. After 50 hours its day
 * is over everywhere, and deleting it makes that day's visitor ids impossible to recompute.
 */
const SALT_LIFETIME_MS = 50 * HOUR;
/** Checkouts that never completed are kept a month, long enough to answer "I clicked Pay and…". */
const UNFINISHED_CHECKOUT_GRACE_MS = 30 * 24 * HOUR;
/** The test page's events serve its feed, which shows the latest few: a day is plenty. */
const TEST_EVENT_LIFETIME_MS = 24 * HOUR;
/** A visit ends after 30 idle minutes: an open visit idle for two hours is over, with room for clock skew. */
const OPEN_VISIT_LIFETIME_MS = 2 * HOUR;

/**
 * Deletes rows that no rule reads any more: expired or revoked sign-in sessions, spent rate-limit windows,
 * visitor salts of past days, checkouts that never completed, test traffic over a day old, expired
 * invitations (their links answer "invalid or expired" either way), expired two-factor challenges, and
 * the shared open visits of visitors idle for longer than any visit lasts.
 */
export async function pruneStaleRows(app: MaintenanceDeps): Promise<{
  sessions: number;
  rateLimits: number;
  salts: number;
  checkouts: number;
  testEvents: number;
  invitations: number;
  twoFactorChallenges: number;
  openVisits: number;
}> {
  const now = app.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const sessions = await app.repos.authSessions.deleteExpired(ago(SESSION_GRACE_MS));
  const rateLimits = await app.repos.rateLimits.prune(now, LONGEST_WINDOW_MS);
  const salts = await app.repos.tracking.pruneSalts(ago(SALT_LIFETIME_MS));
  const checkouts = await app.repos.checkoutSessions.deleteUnfinished(ago(UNFINISHED_CHECKOUT_GRACE_MS));
  const testEvents = await app.repos.testEvents.prune(ago(TEST_EVENT_LIFETIME_MS));
  const invitations = await app.repos.teams.pruneExpiredInvitations(now);
  const twoFactorChallenges = await app.repos.twoFactorChallenges.deleteExpired(now);
  const openVisits = await app.repos.tracking.pruneOpenVisits(ago(OPEN_VISIT_LIFETIME_MS));
  return { sessions, rateLimits, salts, checkouts, testEvents, invitations, twoFactorChallenges, openVisits };
}

/**
 * The hourly maintenance pass, run by the scheduler on one server at a time: prunes stale rows and the
 * audit entries over a year old, packs the companies' ended days into segments, and purges the events that
 * the companies' plans no longer retain (their days' rollups stay).
 */
export function maintenanceTask(app: MaintenanceDeps): ScheduledTask {
  return {
    name: 'maintenance',
    everyMs: HOUR,
    async run() {
      app.log.debug(await pruneStaleRows(app), 'pruned stale rows');
      app.log.debug({ entries: await pruneAuditLog(app) }, 'pruned the audit log');
      app.log.debug(await packEndedDays(app), 'packed ended days');
      app.log.debug(await purgeExpiredEvents(app), 'purged events past retention');
    },
  };
}
