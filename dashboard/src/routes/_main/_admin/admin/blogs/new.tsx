import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/lazy-screen';

export const Route = createFileRoute('/_main/_admin/admin/blogs/new')({
  component: lazyScreen(() => import('../../../../../screens/admin/blog-new')),
});
