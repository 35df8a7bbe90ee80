import type { AnalyticsDetail, Filter, PropFilter } from '@footfall/contract';
import { activeFilters } from '../../lib/analytics/analytics-search';
import { comparisonGap } from '../../lib/analytics/comparison-coverage';
import { propFilterEntries } from '../../lib/analytics/prop-filters';
import { AnalyticsHeader } from './analytics-header';
import { BreakdownPanel, type PanelTab } from './breakdown-panel';
import { CountryMap } from './country-map';
import { GoalsPanel } from './goals-panel';
import { InstallPrompt } from './install-prompt';
import { PropertiesPanel } from './properties-panel';
import { useAnalyticsSearch } from './use-analytics-search';

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

interface OverviewBodyProps {
  companyId: number;
  detail: AnalyticsDetail;
  /** Whether the reader may define goals (owners and admins; never through a shared link). */
  canManageGoals: boolean;
}

/** The overview's content under its frame: period, filters, chart and panels; the signed-in and shared pages' alike. */
export function OverviewBody({ companyId, detail, canManageGoals }: OverviewBodyProps) {
  const { search, update } = useAnalyticsSearch();
  const filtered = activeFilters(search).length + propFilterEntries(search).length > 0;
  const setFilter = (filter: Filter | PropFilter, value: string) =>
    void update((current) => ({ ...current, [filter]: value }));
  const isEmpty = detail.summary.pageviews === 0 && detail.summary.events === 0;

  return (
    <>
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
            canManage={canManageGoals}
            onFilter={(goalId) => setFilter('goal', goalId)}
            comparable={comparisonGap(detail) === undefined}
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
    </>
  );
}
