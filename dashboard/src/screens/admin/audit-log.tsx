import type { AdminCompany } from '@footfall/contract';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { getAdminAuditLog } from '../../api/audit-log';
import { http } from '../../app/services';
import { AuditLogView } from '../audit-log/audit-log-view';
import { AdminShell } from './admin-shell';
import { CompanyPicker } from './company-picker';

const route = getRouteApi('/_main/_admin/admin/audit-log');

/** `/admin/audit-log`: every company's changes and every account's, newest first, one company at a time if chosen. */
export default function AdminAuditLog() {
  const { log, company, search } = route.useLoaderData();
  const navigate = useNavigate();
  const { company_id: companyId, ...rest } = search;

  const choose = (chosen: AdminCompany | null) =>
    void navigate({ to: '.', search: { ...rest, ...(chosen && { company_id: chosen.id }) } });

  return (
    <AdminShell
      section="audit-log"
      lead="Who changed what, in every company and account, over the last year. Addresses are truncated."
    >
      <AuditLogView
        key={JSON.stringify(search)}
        loadPage={(query) => getAdminAuditLog(http, query)}
        first={log}
        search={search}
        showSite
        keep={companyId === undefined ? {} : { company_id: companyId }}
        extraFilters={
          <div className="audit-company-filter">
            {companyId === undefined ? (
              <CompanyPicker
                selected={null}
                onSelect={choose}
                label="Company"
                hint="Type a name, website or owner's address to read one company's changes."
                verb="Show the changes of"
              />
            ) : (
              <p className="audit-company-chosen">
                <span className="muted small">Company</span>
                <strong>{company?.name ?? `Company ${companyId}`}</strong>
                <button type="button" className="button button-small" onClick={() => choose(null)}>
                  All companies
                </button>
              </p>
            )}
          </div>
        }
      />
    </AdminShell>
  );
}
