import type { ApiError } from './api-error';

// The error catalogue (docs/architecture.md "The dashboard"): which failed requests raise an
// alert, with which title and text, and what happens after it. Pure, so each row is tested on its own.

export const ALERT_TITLES = {
  error: 'Error',
  sessionExpired: 'Session expired',
  permissionDenied: 'Permission Denied',
  network: 'Network error',
} as const;

export const ALERT_TEXTS = {
  somethingWentWrong: 'Something went wrong',
  sessionExpired: 'Session expired. login again to continue',
  network: 'The server could not be reached. Check your connection, then try again.',
} as const;

/**
 * What follows an alert:
 * - `sign-out-user`: after Ok, the user is signed out (their session is gone anyway);
 * - `sign-out-admin`: after Ok, the admin is signed out and sent to `/admin/login`;
 * - `leave-page`: once the alert is closed, an admin goes to `/admin/dashboard` and a user to their own
 *   first company's dashboard (`/admin/dashboard` would be out of a user's reach).
 */
export type AlertFollowUp = 'none' | 'sign-out-user' | 'sign-out-admin' | 'leave-page';

export interface CatalogueAlert {
  title: string;
  text: string;
  followUp: AlertFollowUp;
}

export interface ErrorContext {
  /** Whether a user is signed in, i.e. their account has been loaded. */
  isUserSignedIn: boolean;
  /** Whether an admin is signed in. */
  isAdminSignedIn: boolean;
  /**
   * Requests made on a timer (realtime visitors, the test-site feed): a server fault or a lost connection is
   * shown beside their data and retried on the next tick, instead of an alert every few seconds.
   */
  background: boolean;
  /** The caller asked to handle every failure itself (a sign-out, whose errors do not matter). */
  silent?: boolean;
}

/** docs/architecture.md "The dashboard": any request URL containing `/admin` is an admin call. */
export function isAdminUrl(url: string): boolean {
  return url.includes('/admin');
}

/** The alert a failed request raises, or null when the caller alone shows it (422 beside fields, 404, 429…). */
export function alertForError(error: ApiError, context: ErrorContext): CatalogueAlert | null {
  if (context.silent) return null;
  if (error.status >= 500) {
    if (context.background) return null;
    return { title: ALERT_TITLES.error, text: ALERT_TEXTS.somethingWentWrong, followUp: 'none' };
  }
  if (error.status === 0) {
    if (context.background) return null;
    return { title: ALERT_TITLES.network, text: ALERT_TEXTS.network, followUp: 'none' };
  }
  if (error.status === 401) return sessionExpiredAlert(error, context);
  if (error.status === 403) {
    return { title: ALERT_TITLES.permissionDenied, text: error.message, followUp: 'leave-page' };
  }
  return null;
}

function sessionExpiredAlert(error: ApiError, context: ErrorContext): CatalogueAlert | null {
  const admin = isAdminUrl(error.url);
  if (admin && context.isAdminSignedIn) {
    return {
      title: ALERT_TITLES.sessionExpired,
      text: ALERT_TEXTS.sessionExpired,
      followUp: 'sign-out-admin',
    };
  }
  if (!admin && context.isUserSignedIn) {
    return {
      title: ALERT_TITLES.sessionExpired,
      text: ALERT_TEXTS.sessionExpired,
      followUp: 'sign-out-user',
    };
  }
  // Nobody was signed in (a wrong password, a stale token checked at start): nothing expired.
  return null;
}
