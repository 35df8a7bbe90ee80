import { createFileRoute } from '@tanstack/react-router';
import { listAlertChannels, listAlertRules } from '../../../../api/alerts';
import { listGoals } from '../../../../api/goals';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../lib/routing/route-params';

export const Route = createFileRoute('/_main/_authenticated/alerts/$company_id')({
  params: companyIdParams,
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal;
    const companyId = params.company_id;
    const [channels, alerts, goals] = await Promise.all([
      listAlertChannels(http, companyId, { signal }),
      listAlertRules(http, companyId, { signal }),
      listGoals(http, companyId, { signal }),
    ]);
    return { channels: channels.data, alerts: alerts.data, goals: goals.data };
  },
  component: lazyScreen(() => import('../../../../screens/alerts/alerts')),
});
