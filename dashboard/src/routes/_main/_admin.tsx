import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { readToken, tokenKind } from '../../api/token';
import { auth, cookies } from '../../app/services';

export const Route = createFileRoute('/_main/_admin')({
  // The admin pages continue only with an admin's token: without one (or with one the admin fetch refuses)
  // to /admin/login, and a user, who has an area of their own, home. (The server guards the data itself.)
  beforeLoad: async ({ location }) => {
    const token = readToken(cookies);
    if (token && tokenKind(token) === 'user') throw redirect({ to: '/home', replace: true });
    const account = token ? await auth.ensureAccount() : null;
    if (!account || !('role' in account)) {
      // Back to the page asked for after signing in; the dashboard is where sign-in leads anyway.
      const back = location.pathname === '/admin/dashboard' ? {} : { redirect: location.pathname };
      throw redirect({ to: '/admin/login', search: back, replace: true });
    }
    return { admin: account };
  },
  component: Outlet,
});
