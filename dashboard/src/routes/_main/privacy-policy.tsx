import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';

export const Route = createFileRoute('/_main/privacy-policy')({
  component: lazyScreen(() => import('../../screens/legal/privacy-policy')),
});
