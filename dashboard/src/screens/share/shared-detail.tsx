import { getRouteApi } from '@tanstack/react-router';
import { DetailBody } from '../dashboard/detail-body';
import { LinkGone } from './link-gone';
import { SharedShell } from './shared-shell';

const layout = getRouteApi('/share/$token');
const route = getRouteApi('/share/$token/detail');

/**
 * `/share/{token}/detail`: every breakdown in full, with the exports of what is on screen (aggregated
 * figures, as the team's detail screen writes them; no raw events).
 */
export default function SharedDetail() {
  const { token } = route.useParams();
  const { site } = layout.useRouteContext();
  const detail = route.useLoaderData();
  if (detail === 'gone' || site === 'gone') return <LinkGone />;
  if (detail === 'locked') return null;
  return (
    <SharedShell token={token} siteName={site.site_name} section="detail">
      <DetailBody companyId={detail.company_id} companyName={site.site_name} detail={detail} />
    </SharedShell>
  );
}
