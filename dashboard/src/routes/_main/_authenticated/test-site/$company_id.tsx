import { createFileRoute } from '@tanstack/react-router';
import { getCompany } from '../../../../api/companies';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../lib/routing/route-params';

export const Route = createFileRoute('/_main/_authenticated/test-site/$company_id')({
  params: companyIdParams,
  loader: async ({ params, abortController }) => {
    const { data } = await getCompany(http, params.company_id, { signal: abortController.signal });
    return { company: data };
  },
  component: lazyScreen(() => import('../../../../screens/test-site/test-site')),
});
