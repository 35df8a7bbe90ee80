import type { PlanListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../app/services';
import { lazyScreen } from '../../lib/lazy-screen';

export const Route = createFileRoute('/_main/plans')({
  loader: async ({ abortController }) =>
    (await http.get<PlanListAnswer>('/api/plans', { signal: abortController.signal })).data,
  component: lazyScreen(() => import('../../screens/plans/public-plans')),
});
