import type { ApiKeyListAnswer, CompanyAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { companyIdParams } from '../../../../lib/route-params';

export const Route = createFileRoute('/_main/_authenticated/user-profile/$company_id')({
  params: companyIdParams,
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal;
    const [company, keys] = await Promise.all([
      http.get<CompanyAnswer>(`/api/companies/${params.company_id}`, { signal }),
      http.get<ApiKeyListAnswer>(`/api/companies/${params.company_id}/api-keys`, { signal }),
    ]);
    return { company: company.data, keys: keys.data };
  },
  component: lazyScreen(() => import('../../../../screens/profile/profile')),
});
