import type { Breakdown, BreakdownRow, Filter } from '@footfall/contract';
import { formatNumber, formatPercent, formatScrollDepth, formatTimeOnPage } from '@footfall/contract/format';
import { Breakable } from '../../components/breakable';
import { type Column, SortableTable } from '../../components/sortable-table';
import { BREAKDOWN_INFO, displayValue, filterValueOf } from '../../lib/analytics/breakdowns';

interface BreakdownTableProps {
  breakdown: Breakdown;
  rows: BreakdownRow[];
  /** All visitors of the period, for each row's share. */
  totalVisitors: number;
  onFilter: (filter: Filter, value: string) => void;
}

/**
 * How long a page is read and how far down, from the tracker's engagement reports (docs/api.md "Analytics"); a
 * page without a report sorts below every measured one and shows a dash.
 */
const ENGAGEMENT_COLUMNS: Column<BreakdownRow>[] = [
  {
    key: 'time_on_page',
    label: 'Time on page',
    numeric: true,
    sortValue: (row) => row.time_on_page ?? -1,
    render: (row) => formatTimeOnPage(row.time_on_page),
  },
  {
    key: 'scroll_depth',
    label: 'Scroll',
    numeric: true,
    sortValue: (row) => row.scroll_depth ?? -1,
    render: (row) => formatScrollDepth(row.scroll_depth),
  },
];

/** One breakdown in full on the detail screen: sortable by any column, a value's button filters by it. */
export function BreakdownTable({ breakdown, rows, totalVisitors, onFilter }: BreakdownTableProps) {
  const info = BREAKDOWN_INFO[breakdown];
  const filter = info.filter;
  const count = info.count;
  const columns: Column<BreakdownRow>[] = [
    {
      key: 'value',
      label: info.column,
      sortValue: (row) => displayValue(breakdown, row.value),
      render: (row) => {
        const label = (
          <>
            {breakdown === 'countries' ? (
              <span className="code-badge" aria-hidden="true">
                {row.value}
              </span>
            ) : null}
            <Breakable text={displayValue(breakdown, row.value)} />
          </>
        );
        if (!filter) return label;
        return (
          <button
            type="button"
            className="link-button cell-filter"
            title={`Filter by ${row.value}`}
            onClick={() => onFilter(filter, filterValueOf(breakdown, row))}
          >
            {label}
          </button>
        );
      },
    },
    {
      key: 'visitors',
      label: 'Visitors',
      numeric: true,
      sortValue: (row) => row.visitors,
      render: (row) => formatNumber(row.visitors),
    },
    {
      key: count,
      label: count === 'pageviews' ? 'Pageviews' : count === 'events' ? 'Events' : 'Visits',
      numeric: true,
      sortValue: (row) => row[count] ?? 0,
      render: (row) => formatNumber(row[count] ?? 0),
    },
    ...(breakdown === 'pages' ? ENGAGEMENT_COLUMNS : []),
    {
      key: 'share',
      label: '% of visitors',
      numeric: true,
      sortValue: (row) => (totalVisitors > 0 ? row.visitors / totalVisitors : 0),
      render: (row) =>
        formatPercent(totalVisitors > 0 ? (row.visitors / totalVisitors) * 100 : 0, { decimals: 1 }),
    },
  ];
  return (
    <section
      className={breakdown === 'pages' ? 'panel detail-section detail-section-wide' : 'panel detail-section'}
      id={breakdown}
      aria-labelledby={`${breakdown}-title`}
    >
      <header className="panel-head">
        <h2 id={`${breakdown}-title`}>{info.title}</h2>
        <span className="muted small">
          {rows.length === 100 ? 'Top 100' : `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}
        </span>
      </header>
      <SortableTable
        caption={info.title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.value}
        initialSort="visitors"
        onRowSelect={filter ? (row) => onFilter(filter, filterValueOf(breakdown, row)) : undefined}
      />
    </section>
  );
}
