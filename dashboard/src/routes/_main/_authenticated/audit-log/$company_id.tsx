import { createFileRoute } from '@tanstack/react-router';
import { getCompanyAuditLog } from '../../../../api/audit-log';
import { listMembers } from '../../../../api/members';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../lib/routing/route-params';
import { auditQuery, validateAuditSearch } from '../../../../screens/audit-log/audit-search';

export const Route = createFileRoute('/_main/_authenticated/audit-log/$company_id')({
  params: companyIdParams,
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => validateAuditSearch(search),
  loader: async ({ params, deps, abortController }) => {
    const signal = abortController.signal;
    // The company log has no company filter: a stray one in the URL is not sent.
    const { company_id: _ignored, ...search } = deps;
    const [log, members] = await Promise.all([
      getCompanyAuditLog(http, params.company_id, auditQuery(search), { signal }),
      listMembers(http, params.company_id, { signal }),
    ]);
    return { log, members: members.data, search };
  },
  component: lazyScreen(() => import('../../../../screens/audit-log/audit-log')),
});
