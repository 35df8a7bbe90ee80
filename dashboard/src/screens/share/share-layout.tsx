import { getRouteApi, Outlet, useRouter } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useMemo } from 'react';
import { sharedAccessStore } from '../../state/shared-access';
import { AnalyticsSourceProvider, sharedSource } from '../dashboard/analytics-source';
import { LinkGone } from './link-gone';
import { SharePasswordForm } from './password-form';
import { ShareChrome } from './share-chrome';

const route = getRouteApi('/share/$token');

/**
 * `/share/{token}`: a site's dashboard through a shared link. A link that no longer works says so; one with
 * a password asks for it until this tab holds an access token; then the overview or the detail, read from
 * the link's own endpoint, inside a slim frame (or none at all with `?embed=true`).
 */
export default function ShareLayout() {
  const { token } = route.useParams();
  const { site } = route.useRouteContext();
  const { embed } = route.useSearch();
  const isUnlocked = useSelector(sharedAccessStore, (state) => state.tokens[token] !== undefined);
  const router = useRouter();
  // A link revoked while its page is open: the next background refresh loads the page again, which says so.
  const source = useMemo(() => sharedSource(token, () => void router.invalidate()), [token, router]);

  if (site === 'gone') return <LinkGone />;
  if (site.has_password && !isUnlocked) return <SharePasswordForm token={token} siteName={site.site_name} />;
  return (
    <AnalyticsSourceProvider source={source}>
      <ShareChrome isEmbedded={embed === 'true'}>
        <Outlet />
      </ShareChrome>
    </AnalyticsSourceProvider>
  );
}
