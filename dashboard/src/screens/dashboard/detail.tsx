import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { analyticsStore, authStore } from '../../app/services';
import { CompanyShell } from '../../components/company-shell';
import { storedAnalytics } from '../../state/analytics-store';
import { DetailBody } from './detail-body';

const route = getRouteApi('/_main/_authenticated/dashboard/$company_id/detail');

/** `/dashboard/{id}/detail`: every breakdown in full, sortable, and the exports. */
export default function Detail() {
  const { company_id: companyId } = route.useParams();
  const loaded = route.useLoaderData();
  const detail = useSelector(analyticsStore, storedAnalytics) ?? loaded;
  const companyName =
    useSelector(
      authStore,
      (state) => state.user?.companies.find((company) => company.id === companyId)?.name,
    ) ?? `Company ${companyId}`;

  return (
    <CompanyShell companyId={companyId} section="detail" title={`${companyName} in detail`}>
      <DetailBody companyId={companyId} companyName={companyName} detail={detail} />
    </CompanyShell>
  );
}
