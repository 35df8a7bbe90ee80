import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../../lib/routing/route-params';
import { fetchRealtime } from '../../../../../screens/realtime/use-realtime';

/** `/dashboard/{id}/realtime`: the realtime view, loaded once here and then refreshed by the screen. */
export const Route = createFileRoute('/_main/_authenticated/dashboard/$company_id/realtime')({
  params: companyIdParams,
  loader: ({ params, abortController }) =>
    fetchRealtime(params.company_id, { signal: abortController.signal }),
  component: lazyScreen(() => import('../../../../../screens/realtime/realtime')),
});
