import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';

/** `/admin/account`: the signed-in admin's own account (two-factor sign-in). */
export const Route = createFileRoute('/_main/_admin/admin/account')({
  component: lazyScreen(() => import('../../../../screens/admin/account')),
});
