import type { AdminPlanListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';

export const Route = createFileRoute('/_main/_admin/admin/plans')({
  loader: async ({ abortController }) => {
    const answer = await http.get<AdminPlanListAnswer>('/api/admin/plans', {
      signal: abortController.signal,
    });
    return answer.data;
  },
  component: lazyScreen(() => import('../../../../screens/admin/plans')),
});
