import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../app/services';
import { validateSignUpSearch } from '../../lib/routing/invitation-search';
import { lazyScreen } from '../../lib/routing/lazy-screen';
import { loadInvitation } from '../../screens/invitations/load-invitation';

export const Route = createFileRoute('/session/sign-up')({
  head: () => ({ meta: [{ title: 'Sign up · Footfall' }] }),
  // `?invitation=` signs up to join a team: the page names the site and the role before the form is sent.
  validateSearch: validateSignUpSearch,
  loaderDeps: ({ search }) => ({ invitation: validateSignUpSearch(search).invitation }),
  loader: ({ deps, abortController }) =>
    deps.invitation ? loadInvitation(http, deps.invitation, abortController.signal) : null,
  component: lazyScreen(() => import('../../screens/session/sign-up')),
});
