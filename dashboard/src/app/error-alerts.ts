import { type AlertFollowUp, alertForError } from '../api/error-catalogue';
import { readToken, tokenKind } from '../api/token';
import { userHomePath } from '../lib/routing/user-home';
import type { AppRouter } from '../router';
import { showAlert } from '../state/alerts';
import { isAdminLoggedIn } from '../state/auth-store';
import { auth, authStore, cookies, onFailedRequest } from './services';

/** Shows the catalogue's alert for every failed request, and does what follows it (docs/architecture.md "The dashboard"). */
export function installErrorAlerts(router: AppRouter): void {
  onFailedRequest(({ error, background, silent }) => {
    const alert = alertForError(error, {
      isUserSignedIn: authStore.state.user !== null,
      isAdminSignedIn: isAdminLoggedIn(authStore.state),
      background,
      silent,
    });
    if (!alert) return;
    void showAlert(alert).then((choice) => {
      if (alert.followUp === 'leave-page' || choice === 'ok') void followUp(router, alert.followUp);
    });
  });
}

async function followUp(router: AppRouter, action: AlertFollowUp): Promise<void> {
  switch (action) {
    case 'sign-out-user':
      auth.clearSession();
      // The guard of the signed-in pages sends the reader on (to /home) once the session is gone.
      await router.invalidate();
      return;
    case 'sign-out-admin':
      auth.clearSession();
      await router.navigate({ href: '/admin/login' });
      return;
    case 'leave-page':
      await router.navigate({ href: pageAfterForbidden(router.state.location.pathname) });
      return;
    case 'none':
      return;
  }
}

/**
 * Where a 403 sends the reader: an admin to the admin dashboard, a user to their own home (their sites, or
 * their one site's dashboard), or home when that is where they already are.
 */
function pageAfterForbidden(currentPath: string): string {
  if (isAdminLoggedIn(authStore.state) || tokenKind(readToken(cookies)) === 'admin')
    return '/admin/dashboard';
  const companies = authStore.state.user?.companies;
  const own = companies ? userHomePath(companies) : '/home';
  return own === currentPath ? '/home' : own;
}
