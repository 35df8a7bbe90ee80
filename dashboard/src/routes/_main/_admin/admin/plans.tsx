import { createFileRoute } from '@tanstack/react-router';
import { listAdminPlans } from '../../../../api/admin-plans';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';

export const Route = createFileRoute('/_main/_admin/admin/plans')({
  loader: async ({ abortController }) => {
    const answer = await listAdminPlans(http, { signal: abortController.signal });
    return answer.data;
  },
  component: lazyScreen(() => import('../../../../screens/admin/plans')),
});
