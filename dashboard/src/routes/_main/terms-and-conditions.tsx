import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../lib/lazy-screen';

export const Route = createFileRoute('/_main/terms-and-conditions')({
  component: lazyScreen(() => import('../../screens/legal/terms-and-conditions')),
});
