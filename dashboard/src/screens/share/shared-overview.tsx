import { getRouteApi } from '@tanstack/react-router';
import { OverviewBody } from '../dashboard/overview-body';
import { RealtimeVisitors } from '../dashboard/realtime-visitors';
import { LinkGone } from './link-gone';
import { SharedShell } from './shared-shell';

const layout = getRouteApi('/share/$token');
const route = getRouteApi('/share/$token/');

/** `/share/{token}`: the overview, as its team sees it, with nothing to manage. */
export default function SharedOverview() {
  const { token } = route.useParams();
  const { site } = layout.useRouteContext();
  const detail = route.useLoaderData();
  if (detail === 'gone' || site === 'gone') return <LinkGone />;
  // Locked: the layout shows the password form instead.
  if (detail === 'locked') return null;
  return (
    <SharedShell
      token={token}
      siteName={site.site_name}
      section="overview"
      actions={<RealtimeVisitors companyId={detail.company_id} initial={detail.realtime.visitors} />}
    >
      <OverviewBody companyId={detail.company_id} detail={detail} canManageGoals={false} />
    </SharedShell>
  );
}
