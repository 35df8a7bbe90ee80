import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';

/** The unsubscribe link's query: the signed `token` naming a member, a site and a report. */
export interface UnsubscribeSearch {
  token?: string;
}

// A report's unsubscribe link (docs/api.md "E-mail reports"): public, on its own like the session screens,
// since its reader may not be signed in on this device.
export const Route = createFileRoute('/email-reports/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): UnsubscribeSearch =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: lazyScreen(() => import('../../screens/email-reports/unsubscribe')),
});
