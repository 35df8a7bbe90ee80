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
      <div className="test-grid">
        <div className="test-column">
          <Snippet trackingKey={company.tracking_key} />
          <TestFrame trackingKey={company.tracking_key} domains={company.domains} />
        </div>
        <div className="test-column">
          <EventFeed companyId={companyId} />
          <InstallationCheck companyId={companyId} />
        </div>
      </div>
    </CompanyShell>
  );
}
