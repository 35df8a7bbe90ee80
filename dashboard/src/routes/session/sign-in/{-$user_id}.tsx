import { isSsoErrorCode, type SsoErrorCode } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/routing/lazy-screen';
import { isSameSitePath } from '../../../lib/routing/search-params';

/**
 * `?redirect=` brings the reader back to the page that sent them here; only same-site paths are kept.
 * `?sso_error=` is why a single sign-on came back without signing in; only known codes are kept.
 */
export interface SignInSearch {
  redirect?: string;
  sso_error?: SsoErrorCode;
}

export const Route = createFileRoute('/session/sign-in/{-$user_id}')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    ...(isSameSitePath(search.redirect) && { redirect: search.redirect }),
    ...(isSsoErrorCode(search.sso_error) && { sso_error: search.sso_error }),
  }),
  component: lazyScreen(() => import('../../../screens/session/sign-in')),
});
