import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/routing/lazy-screen';

export const Route = createFileRoute('/_main/_admin/admin/blogs/new')({
  component: lazyScreen(() => import('../../../../../screens/admin/blog-new')),
});
