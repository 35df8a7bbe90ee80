import type { AuditLogAnswer, MemberListAnswer } from '@footfall/contract';
import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { companyIdParams } from '../../../../lib/route-params';
import { auditQuery, validateAuditSearch } from '../../../../screens/audit-log/audit-search';

export const Route = createFileRoute('/_main/_authenticated/audit-log/$company_id')({
  params: companyIdParams,
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => validateAuditSearch(search),
  loader: async ({ params, deps, abortController }) => {
    const signal = abortController.signal;
    const base = `/api/companies/${params.company_id}`;
    // The company log has no company filter: a stray one in the URL is not sent.
    const { company_id: _ignored, ...search } = deps;
    const [log, members] = await Promise.all([
      http.get<AuditLogAnswer>(`${base}/audit-log`, { query: auditQuery(search), signal }),
      http.get<MemberListAnswer>(`${base}/members`, { signal }),
    ]);
    return { log, members: members.data, search };
  },
  component: lazyScreen(() => import('../../../../screens/audit-log/audit-log')),
});
