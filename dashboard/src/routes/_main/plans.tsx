import { createFileRoute } from '@tanstack/react-router';
import { listPlans } from '../../api/billing';
import { http } from '../../app/services';
import { lazyScreen } from '../../lib/routing/lazy-screen';

export const Route = createFileRoute('/_main/plans')({
  loader: async ({ abortController }) => (await listPlans(http, { signal: abortController.signal })).data,
  component: lazyScreen(() => import('../../screens/plans/public-plans')),
});
