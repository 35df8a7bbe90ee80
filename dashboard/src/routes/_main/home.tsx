import { createFileRoute } from '@tanstack/react-router';
import { fetchHealth } from '../../api/health';
import { lazyScreen } from '../../lib/lazy-screen';

export const Route = createFileRoute('/_main/home')({
  // Not awaited: the page renders at once and the server status fills in when it arrives.
  loader: ({ abortController }) => ({ health: fetchHealth(abortController.signal) }),
  component: lazyScreen(() => import('../../screens/home')),
});
