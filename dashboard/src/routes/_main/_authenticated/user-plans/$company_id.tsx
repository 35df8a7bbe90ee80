import type { CompanyAnswer, PlanListAnswer, UsageAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { companyIdParams } from '../../../../lib/route-params';

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
    const base = `/api/companies/${params.company_id}`;
    const [plans, usage, company] = await Promise.all([
      http.get<PlanListAnswer>('/api/plans', { signal }),
      http.get<UsageAnswer>(`${base}/usage`, { signal }),
      http.get<CompanyAnswer>(base, { signal }),
    ]);
    return { plans: plans.data, usage: usage.data, company: company.data };
  },
  component: lazyScreen(() => import('../../../../screens/plans/plans')),
});
