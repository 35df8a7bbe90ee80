import { createFileRoute, redirect } from '@tanstack/react-router';
import { readToken, tokenKind } from '../../api/token';
import { auth, cookies } from '../../app/services';
import { lazyScreen } from '../../lib/routing/lazy-screen';
import { isSameSitePath } from '../../lib/routing/search-params';

/** `?redirect=` brings the admin back to the admin page that sent them here; only admin paths are kept. */
export interface AdminLoginSearch {
  redirect?: string;
}

export function isAdminPath(value: unknown): value is string {
  return isSameSitePath(value) && /^\/admin(\/|$)/.test(value) && !value.startsWith('/admin/login');
}

export const Route = createFileRoute('/admin/login')({
  validateSearch: (search: Record<string, unknown>): AdminLoginSearch =>
    isAdminPath(search.redirect) ? { redirect: search.redirect } : {},
  // An admin who is still signed in has nothing to do here: straight to the admin area.
  beforeLoad: async ({ search }) => {
    if (tokenKind(readToken(cookies)) !== 'admin') return;
    const account = await auth.ensureAccount();
    if (account && 'role' in account)
      throw redirect({ href: search.redirect ?? '/admin/dashboard', replace: true });
  },
  component: lazyScreen(() => import('../../screens/admin/login')),
});
