import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/lazy-screen';

export const Route = createFileRoute('/_main/_admin/admin/add-list')({
  component: lazyScreen(() => import('../../../../screens/admin/add-listing')),
});
