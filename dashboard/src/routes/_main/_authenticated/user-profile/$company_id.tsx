import { createFileRoute } from '@tanstack/react-router';
import { http } from '../../../../app/services';
import { lazyScreen } from '../../../../lib/lazy-screen';
import { companyIdParams } from '../../../../lib/route-params';
import { loadSettings } from '../../../../screens/profile/load-settings';

export const Route = createFileRoute('/_main/_authenticated/user-profile/$company_id')({
  params: companyIdParams,
  // What a role may not read is not asked for (a refusal would raise the permission alert).
  loader: ({ params, abortController }) => loadSettings(http, params.company_id, abortController.signal),
  component: lazyScreen(() => import('../../../../screens/profile/profile')),
});
