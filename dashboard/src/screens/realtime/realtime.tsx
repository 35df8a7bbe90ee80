import type { Filter, Realtime, RealtimeRow } from '@footfall/contract';
import { countryName, formatClock, formatCompact, formatNumber } from '@footfall/contract/format';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CompanyShell } from '../../components/company-shell';
import { ChunkFailed } from '../../components/route-error';

import { escapeFilterValue } from '../../lib/analytics/filter-expression';
import { useChunk } from '../../lib/hooks/use-chunk';
import { loadCharts } from '../dashboard/lazy-charts';
import { type ValueRow, ValueRows } from '../dashboard/value-rows';
import { useRealtime } from './use-realtime';

const route = getRouteApi('/_main/_authenticated/dashboard/$company_id/realtime');

/** `/dashboard/{id}/realtime`: visitors now and the last 30 minutes, updated live (docs/api.md "Realtime"). */
export default function RealtimeScreen() {
  const { company_id: companyId } = route.useParams();
  const { realtime, stale } = useRealtime(companyId, route.useLoaderData());
  return (
    <CompanyShell companyId={companyId} section="realtime" title="Realtime">
      <div className="realtime-view">
        <NowPanel realtime={realtime} stale={stale} />
        <MinutesPanel realtime={realtime} />
        <div className="realtime-lists">
          <ListPanel companyId={companyId} title="Pages" list={realtime.pages} kind="page" />
          <ListPanel companyId={companyId} title="Sources" list={realtime.sources} kind="source" />
          <ListPanel companyId={companyId} title="Countries" list={realtime.countries} kind="country" />
          <ListPanel companyId={companyId} title="Custom events" list={realtime.events} kind="event" />
        </div>
      </div>
    </CompanyShell>
  );
}

function NowPanel({ realtime, stale }: { realtime: Realtime; stale: boolean }) {
  const { visitors, totals } = realtime;
  const figures = [
    { label: 'Visitors', value: totals.visitors },
    { label: 'Pageviews', value: totals.pageviews },
    { label: 'Custom events', value: totals.events },
  ];
  return (
    <section className="panel realtime-now" aria-label="Visitors now">
      <div className="realtime-now-count">
        <p className={visitors > 0 ? 'realtime-big is-live' : 'realtime-big'} aria-live="polite">
          <span className="realtime-now-dot" aria-hidden="true" />
          <strong className="num realtime-now-figure" data-testid="realtime-now">
            {formatNumber(visitors)}
          </strong>{' '}
          {visitors === 1 ? 'visitor now' : 'visitors now'}
        </p>
        <p className="muted small">
          Active in the last 5 minutes · updated {/* On the site's clock, as the minutes' labels are. */}
          <time dateTime={realtime.at}>{formatClock(realtime.at, realtime.timezone)}</time>
          {stale ? <span className="realtime-stale"> · not updated, retrying</span> : null}
        </p>
      </div>
      <dl className="realtime-totals" aria-label="The last 30 minutes">
        {figures.map(({ label, value }) => (
          <div key={label}>
            <dt className="summary-label">{label}</dt>
            <dd className="summary-value num" title={formatNumber(value)}>
              {formatCompact(value)}
            </dd>
          </div>
        ))}
        <p className="muted small realtime-totals-note">in the last 30 minutes</p>
      </dl>
    </section>
  );
}

function MinutesPanel({ realtime }: { realtime: Realtime }) {
  const charts = useChunk(loadCharts);
  const { minutes } = realtime;
  return (
    <section className="panel" aria-label="Pageviews per minute">
      <header className="panel-head">
        <h2>Pageviews per minute</h2>
        <p className="muted small">The last 30 minutes; the last bar is the minute under way</p>
      </header>
      <div className="chart-slot">
        {charts.status === 'ready' ? (
          <charts.module.BarChart
            dates={minutes.map((minute) => minute.minute)}
            series={[{ name: 'Pageviews', counts: minutes.map((minute) => minute.pageviews) }]}
            interval="minute"
            countLabel="Pageviews"
            height={200}
          />
        ) : charts.status === 'failed' ? (
          <ChunkFailed onRetry={charts.retry} />
        ) : (
          <div className="chart-skeleton" role="status" aria-label="Loading the chart" />
        )}
      </div>
    </section>
  );
}

type ListKind = Extract<Filter, 'page' | 'source' | 'country' | 'event'>;

const LISTS: Record<ListKind, { count?: 'pageviews' | 'events'; column?: string; empty: string }> = {
  page: { count: 'pageviews', column: 'Views', empty: 'No pageviews in the last 30 minutes.' },
  source: { empty: 'No visits in the last 30 minutes.' },
  country: { empty: 'No visits from a known country in the last 30 minutes.' },
  event: { count: 'events', column: 'Events', empty: 'No custom events in the last 30 minutes.' },
};

/** A list of the last 30 minutes; a row opens today's dashboard filtered by its value. */
function ListPanel({
  companyId,
  title,
  list,
  kind,
}: {
  companyId: number;
  title: string;
  list: RealtimeRow[];
  kind: ListKind;
}) {
  const navigate = useNavigate();
  const { count, column, empty } = LISTS[kind];
  const max = Math.max(1, ...list.map((row) => row.visitors));
  const rows: ValueRow[] = list.map((row) => {
    const label = kind === 'country' ? countryName(row.value) : row.value;
    const counted = count ? row[count] : undefined;
    return {
      key: row.value,
      label,
      title: label,
      share: row.visitors / max,
      pressed: false,
      action: `Show today's ${title.toLowerCase()} filtered by ${label}`,
      onSelect: () =>
        void navigate({
          to: '/dashboard/$company_id',
          params: { company_id: companyId },
          search: { period: 'today', [kind]: kind === 'country' ? row.value : escapeFilterValue(row.value) },
        }),
      values: [
        { text: formatCompact(row.visitors), title: formatNumber(row.visitors), spoken: ' visitors' },
        ...(counted === undefined
          ? []
          : [{ text: formatCompact(counted), title: formatNumber(counted), spoken: ` ${count}` }]),
      ],
    };
  });
  return (
    <section className="panel" aria-label={title}>
      <header className="panel-head">
        <h2>{title}</h2>
      </header>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ValueRows label={title} columns={[title, 'Visitors', ...(column ? [column] : [])]} rows={rows} />
      )}
    </section>
  );
}
