import type { ApiUsageAnswer, ApiUsageRow, Usage } from '@footfall/contract';
import { STATS_ENDPOINT } from '@footfall/contract/constants';
import { formatNumber } from '@footfall/contract/format';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type FormEvent, Fragment, useState } from 'react';
import { CompanyShell } from '../../components/company-shell';
import { QuotaMeter } from '../../components/quota-meter';
import { ChunkFailed } from '../../components/route-error';
import { type Column, SortableTable } from '../../components/sortable-table';
import { apiUsageTable, exportCsv, exportFilename } from '../../exports';
import { addDays, daysBetween, isCalendarDate, todayIn } from '../../lib/analytics/analytics-search';
import { useChunk } from '../../lib/hooks/use-chunk';
import { loadCharts } from '../dashboard/lazy-charts';

const route = getRouteApi('/_main/_authenticated/api-count-report/$company_id');
const DEFAULT_DAYS = 30;

/** `/api-count-report/{id}`: stats-API calls per day and endpoint, against the plan's monthly quota. */
export default function ApiUsageReport() {
  const { company_id: companyId } = route.useParams();
  const search = route.useSearch();
  const { report, usage, company } = route.useLoaderData();
  const to = search.to ?? todayIn(company.timezone);
  const from = search.from ?? addDays(to, -(DEFAULT_DAYS - 1));

  return (
    <CompanyShell companyId={companyId} section="api-usage" title="API usage">
      <div className="toolbar">
        <RangeForm key={`${from}-${to}`} from={from} to={to} today={todayIn(company.timezone)} />
      </div>
      <div className="usage-grid">
        <section className="panel" aria-label="Quota">
          <QuotaMeter
            label="Stats API calls this month"
            used={usage.api_calls_used}
            quota={usage.api_calls_quota}
            period={`Billing period ${usage.period_start} – ${usage.period_end}`}
            whenReached="further calls answer 429 until the month ends."
          />
          <Totals report={report} />
        </section>
        <UsageChart report={report} usage={usage} from={from} to={to} />
      </div>
      <UsageTable
        rows={report.data}
        onExport={() =>
          void exportCsv(
            apiUsageTable(report),
            exportFilename(company.name, { from, to }, 'csv', 'api-usage'),
          )
        }
      />
    </CompanyShell>
  );
}

function RangeForm({ from, to, today }: { from: string; to: string; today: string }) {
  const navigate = useNavigate();
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const invalid = !isCalendarDate(start) || !isCalendarDate(end) || start > end;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) void navigate({ to: '.', search: { from: start, to: end } });
  };
  return (
    <form className="custom-range usage-range" onSubmit={apply} aria-label="Date range">
      <label className="field-inline">
        From{' '}
        <input
          type="date"
          className="input"
          value={start}
          max={today}
          onChange={(e) => setStart(e.target.value)}
          required
        />
      </label>
      <label className="field-inline">
        To{' '}
        <input
          type="date"
          className="input"
          value={end}
          max={today}
          onChange={(e) => setEnd(e.target.value)}
          required
        />
      </label>
      <button type="submit" className="button" disabled={invalid}>
        Show
      </button>
    </form>
  );
}

function Totals({ report }: { report: ApiUsageAnswer }) {
  const endpoints = Object.entries(report.totals.by_endpoint).sort(([, a], [, b]) => b - a);
  return (
    <div className="usage-totals">
      <p>
        <span className="summary-value num">{formatNumber(report.totals.calls)}</span>{' '}
        <span className="muted">{report.totals.calls === 1 ? 'call' : 'calls'} in this range</span>
      </p>
      {endpoints.length > 0 ? (
        <ul className="plain-list small">
          {endpoints.map(([endpoint, calls]) => (
            <li key={endpoint}>
              <code>{endpoint}</code> · <span className="num">{formatNumber(calls)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">
          No calls yet. Create a key under Settings, then call{' '}
          <code>{STATS_ENDPOINT.replace(':company_id', '{id}')}</code>.
        </p>
      )}
    </div>
  );
}

function UsageChart({
  report,
  usage,
  from,
  to,
}: {
  report: ApiUsageAnswer;
  usage: Usage;
  from: string;
  to: string;
}) {
  const charts = useChunk(loadCharts);
  const daysInMonth = daysBetween(usage.period_start, usage.period_end);
  return (
    <section className="panel chart-panel" aria-label="API calls per day">
      <header className="panel-head">
        <h2>API calls per day</h2>
      </header>
      {charts.status === 'ready' ? (
        <charts.module.BarChart
          {...charts.module.usageSeries(report.data, from, to)}
          reference={{ value: usage.api_calls_quota / daysInMonth, label: 'Daily share of quota' }}
        />
      ) : charts.status === 'failed' ? (
        <ChunkFailed onRetry={charts.retry} />
      ) : (
        <div className="chart-skeleton" role="status" aria-label="Loading the chart" />
      )}
    </section>
  );
}

/** A route pattern that may wrap before each `/` (a phone's narrow table), and nowhere else. */
function breakableRoute(endpoint: string) {
  const [first, ...rest] = endpoint.split('/');
  return (
    <>
      {first}
      {rest.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
        <Fragment key={index}>
          <wbr />/{part}
        </Fragment>
      ))}
    </>
  );
}

const columns: Column<ApiUsageRow>[] = [
  { key: 'date', label: 'Date', sortValue: (row) => row.date },
  {
    key: 'endpoint',
    label: 'Endpoint',
    sortValue: (row) => row.endpoint,
    render: (row) => <code>{breakableRoute(row.endpoint)}</code>,
  },
  {
    key: 'count',
    label: 'Calls',
    numeric: true,
    sortValue: (row) => row.count,
    render: (row) => formatNumber(row.count),
  },
];

function UsageTable({ rows, onExport }: { rows: ApiUsageRow[]; onExport: () => void }) {
  return (
    <section className="panel usage-table" aria-labelledby="usage-table-title">
      <header className="panel-head">
        <h2 id="usage-table-title">Calls per day and endpoint</h2>
        {/* The export holds this table, every row of the range shown. */}
        <button type="button" className="button button-small" onClick={onExport}>
          Export CSV
        </button>
      </header>
      <SortableTable
        caption="API calls per day and endpoint"
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.date} ${row.endpoint}`}
        initialSort="date"
        empty="No calls in this range."
      />
    </section>
  );
}
