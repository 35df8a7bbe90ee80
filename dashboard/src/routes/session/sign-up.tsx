import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/lazy-screen';

export const Route = createFileRoute('/session/sign-up')({
  head: () => ({ meta: [{ title: 'Sign up · Footfall' }] }),
  component: lazyScreen(() => import('../../screens/session/sign-up')),
});
