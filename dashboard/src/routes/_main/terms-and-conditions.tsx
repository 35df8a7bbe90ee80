import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/routing/lazy-screen';

export const Route = createFileRoute('/_main/terms-and-conditions')({
  component: lazyScreen(() => import('../../screens/legal/terms-and-conditions')),
});
