import { createFileRoute } from '@tanstack/react-router';
import { auth, http } from '../../app/services';
import { lazyScreen } from '../../lib/routing/lazy-screen';
import { loadInvitation } from '../../screens/invitations/load-invitation';

// An invitation's mailed link (docs/api.md "Sites and teams"): public, on its own like the other session screens, since
// its reader may have no account yet. Whether someone is signed in decides what it offers.
export const Route = createFileRoute('/invitations/$token')({
  loader: async ({ params, abortController }) => {
    const [invitation] = await Promise.all([
      loadInvitation(http, params.token, abortController.signal),
      auth.ensureUser(),
    ]);
    return invitation;
  },
  component: lazyScreen(() => import('../../screens/invitations/invitation')),
});
