import type { Filter } from '@footfall/contract';
import { BREAKDOWNS } from '@footfall/contract/constants';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { analyticsStore, authStore } from '../../app/services';
import { CompanyShell } from '../../components/company-shell';
import { BREAKDOWN_INFO } from '../../lib/breakdowns';
import { storedAnalytics } from '../../state/analytics-store';
import { AnalyticsHeader } from './analytics-header';
import { BreakdownTable } from './breakdown-table';
import { ExportBar } from './export-bar';
import { useAnalyticsSearch } from './use-analytics-search';

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
  const { search, update } = useAnalyticsSearch();
  const setFilter = (filter: Filter, value: string) =>
    void update((current) => ({ ...current, [filter]: value }));

  return (
    <CompanyShell companyId={companyId} section="detail" title={`${companyName} in detail`}>
      <AnalyticsHeader
        companyId={companyId}
        detail={detail}
        tools={<ExportBar companyName={companyName} detail={detail} search={search} />}
      />
      <nav className="section-index" aria-label="Breakdowns">
        {BREAKDOWNS.map((breakdown) => (
          <a key={breakdown} href={`#${breakdown}`}>
            {BREAKDOWN_INFO[breakdown].title}
          </a>
        ))}
      </nav>
      <div className="detail-grid">
        {BREAKDOWNS.map((breakdown) => (
          <BreakdownTable
            key={breakdown}
            breakdown={breakdown}
            rows={detail.breakdowns[breakdown]}
            totalVisitors={detail.summary.visitors}
            onFilter={setFilter}
          />
        ))}
      </div>
    </CompanyShell>
  );
}
