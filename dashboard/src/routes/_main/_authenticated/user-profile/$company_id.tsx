import { createFileRoute, notFound } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/routing/lazy-screen';
import { companyIdParams } from '../../../../lib/routing/route-params';
import { loadSettings } from '../../../../screens/profile/load-settings';
import { isSiteSection } from '../../../../screens/profile/settings-sections';

export const Route = createFileRoute('/_main/_authenticated/user-profile/$company_id')({
  params: companyIdParams,
  // The section is the child route's, but this page is the one shown: an unknown one makes it not found.
  beforeLoad: ({ location }) => {
    const section = location.pathname.split('/')[3];
    if (section && !isSiteSection(section)) throw notFound();
  },
  // What a role may not read is not asked for (a refusal would raise the permission alert).
  loader: ({ params, abortController }) => loadSettings(http, params.company_id, abortController.signal),
  // Moving between sections stays on this page: its data (and what was typed) stays, nothing is read again.
  shouldReload: ({ cause }) => cause !== 'stay',
  component: lazyScreen(() => import('../../../../screens/profile/profile')),
});
