import type { SiteOverview } from '@footfall/contract';
import { formatChange, formatDuration, formatNumber, formatPercent } from '@footfall/contract/format';
import { Link } from '@tanstack/react-router';
import { ChangeBadge } from '../../components/change-badge';
import { type Column, SortableTable } from '../../components/sortable-table';

const columns: Column<SiteOverview>[] = [
  {
    key: 'name',
    label: 'Site',
    sortValue: (site) => site.name,
    render: (site) => (
      <Link to="/dashboard/$company_id" params={{ company_id: site.id }}>
        {site.name}
      </Link>
    ),
  },
  {
    key: 'visitors',
    label: 'Visitors',
    numeric: true,
    sortValue: (site) => site.summary.visitors,
    render: (site) => (
      <>
        {formatNumber(site.summary.visitors)}{' '}
        <ChangeBadge change={formatChange(site.summary.visitors, site.comparison.visitors)} />
      </>
    ),
  },
  {
    key: 'visits',
    label: 'Visits',
    numeric: true,
    sortValue: (site) => site.summary.visits,
    render: (site) => formatNumber(site.summary.visits),
  },
  {
    key: 'pageviews',
    label: 'Pageviews',
    numeric: true,
    sortValue: (site) => site.summary.pageviews,
    render: (site) => formatNumber(site.summary.pageviews),
  },
  {
    key: 'bounce_rate',
    label: 'Bounce rate',
    numeric: true,
    sortValue: (site) => site.summary.bounce_rate,
    render: (site) => formatPercent(site.summary.bounce_rate),
  },
  {
    key: 'visit_duration',
    label: 'Visit duration',
    numeric: true,
    sortValue: (site) => site.summary.visit_duration,
    render: (site) => formatDuration(site.summary.visit_duration),
  },
  {
    key: 'events',
    label: 'Events',
    numeric: true,
    sortValue: (site) => site.summary.events,
    render: (site) => formatNumber(site.summary.events),
  },
];

/** Every site's figures over the period side by side, sortable by any of them. */
export function SitesTable({ sites, periodLabel }: { sites: SiteOverview[]; periodLabel: string }) {
  return (
    <SortableTable
      caption={`Sites side by side, ${periodLabel.toLowerCase()}`}
      columns={columns}
      rows={sites}
      rowKey={(site) => String(site.id)}
      initialSort="visitors"
    />
  );
}
