import type { Filter, PropFilter } from '@footfall/contract';
import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { analyticsStore, authStore } from '../../app/services';
import { CompanyShell } from '../../components/company-shell';
import { activeFilters } from '../../lib/analytics-search';
import { propFilterEntries } from '../../lib/prop-filters';
import { roleAtLeast } from '../../lib/roles';
import { storedAnalytics } from '../../state/analytics-store';
import { AnalyticsHeader } from './analytics-header';
import { BreakdownPanel, type PanelTab } from './breakdown-panel';
import { CountryMap } from './country-map';
import { GoalsPanel } from './goals-panel';
import { InstallPrompt } from './install-prompt';
import { PropertiesPanel } from './properties-panel';
import { RealtimeVisitors } from './realtime-visitors';
import { useAnalyticsSearch } from './use-analytics-search';

const route = getRouteApi('/_main/_authenticated/dashboard/$company_id/');

/** The overview's panels, each with the views its tabs switch between. */
function panels(
  companyId: number,
  setFilter: (filter: Filter, value: string) => void,
): { title: string; tabs: PanelTab[] }[] {
  return [
    {
      title: 'Pages',
      tabs: [
        { breakdown: 'pages', label: 'Top' },
        { breakdown: 'entry_pages', label: 'Entry' },
        { breakdown: 'exit_pages', label: 'Exit' },
      ],
    },
    {
      title: 'Sources',
      tabs: [
        { breakdown: 'sources', label: 'Sources' },
        { breakdown: 'referrers', label: 'Referrers' },
        { breakdown: 'utm_campaigns', label: 'Campaigns' },
      ],
    },
    {
      title: 'Countries',
      tabs: [
        { breakdown: 'countries', label: 'Countries' },
        {
          breakdown: 'countries',
          label: 'Map',
          render: (rows) => (
            <CountryMap companyId={companyId} rows={rows} onSelect={(code) => setFilter('country', code)} />
          ),
        },
      ],
    },
    {
      title: 'Devices',
      tabs: [
        { breakdown: 'devices', label: 'Devices' },
        { breakdown: 'browsers', label: 'Browsers' },
        { breakdown: 'os', label: 'OS' },
      ],
    },
    { title: 'Custom events', tabs: [{ breakdown: 'events', label: 'Events' }] },
  ];
}

/** `/dashboard/{id}`: the analytics overview of seed §2. */
export default function Overview() {
  const { company_id: companyId } = route.useParams();
  const loaded = route.useLoaderData();
  // The seed's company_analytic state, which the route's loader has just filled.
  const detail = useSelector(analyticsStore, storedAnalytics) ?? loaded;
  const { search, update } = useAnalyticsSearch();
  const role = useSelector(
    authStore,
    (state) => state.user?.companies.find((company) => company.id === companyId)?.role,
  );
  const filtered = activeFilters(search).length + propFilterEntries(search).length > 0;
  const setFilter = (filter: Filter | PropFilter, value: string) =>
    void update((current) => ({ ...current, [filter]: value }));
  const isEmpty = detail.summary.pageviews === 0 && detail.summary.events === 0;

  return (
    <CompanyShell
      companyId={companyId}
      section="overview"
      actions={<RealtimeVisitors companyId={companyId} initial={detail.realtime.visitors} />}
    >
      <AnalyticsHeader companyId={companyId} detail={detail} />
      {isEmpty ? (
        <InstallPrompt companyId={companyId} filtered={filtered} />
      ) : (
        <div className="panel-grid">
          {panels(companyId, setFilter).map((panel) => (
            <BreakdownPanel
              key={panel.title}
              title={panel.title}
              tabs={panel.tabs}
              breakdowns={detail.breakdowns}
              active={search}
              onFilter={setFilter}
              detailsOf={companyId}
            />
          ))}
          <GoalsPanel
            companyId={companyId}
            goals={detail.goals}
            activeGoal={search.goal}
            canManage={roleAtLeast(role, 'admin')}
            onFilter={(goalId) => setFilter('goal', goalId)}
          />
          <PropertiesPanel
            companyId={companyId}
            search={search}
            rows={detail.breakdowns.props}
            onKey={(key) =>
              void update(({ props_key: _shown, ...current }) =>
                key ? { ...current, props_key: key } : current,
              )
            }
            onFilter={setFilter}
          />
        </div>
      )}
    </CompanyShell>
  );
}
