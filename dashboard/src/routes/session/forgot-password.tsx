import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';

export const Route = createFileRoute('/session/forgot-password')({
  component: lazyScreen(() => import('../../screens/session/forgot-password')),
});
