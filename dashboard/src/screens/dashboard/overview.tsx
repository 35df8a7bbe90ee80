import { can } from '@footfall/contract/rules';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { analyticsStore, authStore } from '../../app/services';
import { CompanyShell } from '../../components/company-shell';
import { storedAnalytics } from '../../state/analytics-store';
import { OverviewBody } from './overview-body';
import { RealtimeVisitors } from './realtime-visitors';
import { useLiveToday } from './use-live-today';

const route = getRouteApi('/_main/_authenticated/dashboard/$company_id/');

/** `/dashboard/{id}`: the analytics overview of docs/architecture.md "The dashboard" */
export default function Overview() {
  const { company_id: companyId } = route.useParams();
  const loaded = route.useLoaderData();
  // The seed's company_analytic state, which the route's loader has just filled.
  const detail = useSelector(analyticsStore, storedAnalytics) ?? loaded;
  const role = useSelector(
    authStore,
    (state) => state.user?.companies.find((company) => company.id === companyId)?.role,
  );
  useLiveToday(companyId, detail);

  return (
    <CompanyShell
      companyId={companyId}
      section="overview"
      actions={<RealtimeVisitors companyId={companyId} initial={detail.realtime.visitors} />}
    >
      <OverviewBody companyId={companyId} detail={detail} canManageGoals={can(role, 'manageGoals')} />
    </CompanyShell>
  );
}
