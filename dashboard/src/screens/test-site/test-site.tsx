import { getRouteApi } from '@tanstack/react-router';
import { CompanyShell } from '../../components/company-shell';
import { EventFeed } from './event-feed';
import { InstallationCheck } from './installation-check';
import { Snippet } from './snippet';
import { TestFrame } from './test-frame';

const route = getRouteApi('/_main/_authenticated/test-site/$company_id');

/** `/test-site/{id}`: the snippet, a live test page, the events as stored and the installation check. */
export default function TestSite() {
  const { company_id: companyId } = route.useParams();
  const { company } = route.useLoaderData();
  return (
    <CompanyShell companyId={companyId} section="test-site" title="Test site">
      {/* Rows of an action beside its result, so the numbered steps read 1, 2 then 3, 4 across, and in
          order when the columns stack on a phone. */}
      <div className="test-grid">
        <Snippet trackingKey={company.tracking_key} />
        <InstallationCheck companyId={companyId} />
        <TestFrame trackingKey={company.tracking_key} />
        <EventFeed companyId={companyId} />
      </div>
    </CompanyShell>
  );
}
