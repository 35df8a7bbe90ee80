import { createFileRoute } from '@tanstack/react-router';
import { listPlans } from '../../../../api/billing';
import { getCompany, getUsage } from '../../../../api/companies';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../lib/routing/route-params';

/** `?checkout=canceled`: where the checkout's Cancel button returns to. */
export interface PlansSearch {
  checkout?: 'canceled';
}

function validatePlansSearch(raw: Record<string, unknown>): PlansSearch {
  return raw.checkout === 'canceled' ? { checkout: 'canceled' } : {};
}

export const Route = createFileRoute('/_main/_authenticated/user-plans/$company_id')({
  params: companyIdParams,
  validateSearch: validatePlansSearch,
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal;
    const [plans, usage, company] = await Promise.all([
      listPlans(http, { signal }),
      getUsage(http, params.company_id, { signal }),
      getCompany(http, params.company_id, { signal }),
    ]);
    return { plans: plans.data, usage: usage.data, company: company.data };
  },
  component: lazyScreen(() => import('../../../../screens/plans/plans')),
});
