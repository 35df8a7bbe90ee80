import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/lazy-screen';
import { isSameSitePath } from '../../../lib/search-params';

/** `?redirect=` brings the reader back to the page that sent them here; only same-site paths are kept. */
export interface SignInSearch {
  redirect?: string;
}

export const Route = createFileRoute('/session/sign-in/{-$user_id}')({
  validateSearch: (search: Record<string, unknown>): SignInSearch =>
    isSameSitePath(search.redirect) ? { redirect: search.redirect } : {},
  component: lazyScreen(() => import('../../../screens/session/sign-in')),
});
