import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';

export const Route = createFileRoute('/_main/_authenticated/sites/new')({
  head: () => ({ meta: [{ title: 'Add a site · Footfall' }] }),
  component: lazyScreen(() => import('../../../../screens/sites/add-site')),
});
