import type { AlertChannelListAnswer, AlertRuleListAnswer, GoalListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { companyIdParams } from '../../../../lib/route-params';

export const Route = createFileRoute('/_main/_authenticated/alerts/$company_id')({
  params: companyIdParams,
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal;
    const base = `/api/companies/${params.company_id}`;
    const [channels, alerts, goals] = await Promise.all([
      http.get<AlertChannelListAnswer>(`${base}/alert-channels`, { signal }),
      http.get<AlertRuleListAnswer>(`${base}/alerts`, { signal }),
      http.get<GoalListAnswer>(`${base}/goals`, { signal }),
    ]);
    return { channels: channels.data, alerts: alerts.data, goals: goals.data };
  },
  component: lazyScreen(() => import('../../../../screens/alerts/alerts')),
});
