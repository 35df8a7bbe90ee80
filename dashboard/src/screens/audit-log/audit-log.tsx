import { AUDIT_ACTION_GROUPS } from '@footfall/contract';
import { getRouteApi } from '@tanstack/react-router';
import { getCompanyAuditLog } from '../../api/audit-log';
import { http } from '../../app/services';
import { CompanyShell } from '../../components/company-shell';
import { AuditLogView } from './audit-log-view';

const route = getRouteApi('/_main/_authenticated/audit-log/$company_id');

/** A company's log has no account events: its filter offers the company's kinds of change only. */
const COMPANY_GROUPS = AUDIT_ACTION_GROUPS.filter((group) => group !== 'account');

/** `/audit-log/{id}`: who changed what in the site, and when, for its owner and admins. */
export default function AuditLogScreen() {
  const { company_id: companyId } = route.useParams();
  const { log, members, search } = route.useLoaderData();
  return (
    <CompanyShell companyId={companyId} section="audit-log" title="Audit log">
      <p className="muted audit-lead">
        Every change to this site in the last year: settings, members, keys, goals, links, imports and the
        plan, with who made it and the network it came from.
      </p>
      <AuditLogView
        // A new set of filters starts a new list.
        key={JSON.stringify(search)}
        loadPage={(query) => getCompanyAuditLog(http, companyId, query)}
        first={log}
        search={search}
        members={members.map((member) => ({ id: member.user_id, name: member.name }))}
        groups={COMPANY_GROUPS}
      />
    </CompanyShell>
  );
}
