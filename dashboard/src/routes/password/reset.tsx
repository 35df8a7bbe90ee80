import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';

/** The reset link's query: `token`, `email`, and `admin=1` for an admin account (docs/api.md "Accounts" and "Admin accounts"). */
export interface ResetSearch {
  token?: string;
  email?: string;
  admin?: '1';
}

export const Route = createFileRoute('/password/reset')({
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    ...(typeof search.token === 'string' && search.token ? { token: search.token } : {}),
    ...(typeof search.email === 'string' && search.email ? { email: search.email } : {}),
    ...(search.admin === '1' ? { admin: '1' as const } : {}),
  }),
  component: lazyScreen(() => import('../../screens/session/reset-password')),
});
