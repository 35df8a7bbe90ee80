import { createFileRoute } from '@tanstack/react-router';
import { getAdminCompany } from '../../../../api/admin-directory';
import { getAdminAuditLog } from '../../../../api/audit-log';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { auditQuery, validateAuditSearch } from '../../../../screens/audit-log/audit-search';

export const Route = createFileRoute('/_main/_admin/admin/audit-log')({
  validateSearch: validateAuditSearch,
  loaderDeps: ({ search }) => validateAuditSearch(search),
  loader: async ({ deps, abortController }) => {
    const signal = abortController.signal;
    // The company filter's name, to show which company is chosen; a deleted company keeps its entries.
    const [log, company] = await Promise.all([
      getAdminAuditLog(http, auditQuery(deps), { signal }),
      deps.company_id === undefined
        ? undefined
        : getAdminCompany(http, deps.company_id, { signal, background: true })
            .then((answer) => answer.data)
            .catch(() => null),
    ]);
    return { log, company, search: deps };
  },
  component: lazyScreen(() => import('../../../../screens/admin/audit-log')),
});
