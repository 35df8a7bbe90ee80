import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../lib/routing/lazy-screen';

/** The verification link's query (docs/api.md "Accounts"). */
export interface VerifySearch {
  expires?: string;
  signature?: string;
}

export const Route = createFileRoute('/email/verify/{-$user_id}')({
  validateSearch: (search: Record<string, unknown>): VerifySearch => ({
    ...(typeof search.expires === 'string' ? { expires: search.expires } : {}),
    ...(typeof search.signature === 'string' ? { signature: search.signature } : {}),
  }),
  component: lazyScreen(() => import('../../../screens/session/verify-email')),
});
