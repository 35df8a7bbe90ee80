import type { AdminOverviewDay } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import { useMemo } from 'react';
import { ChunkFailed } from '../../components/route-error';
import { useChunk } from '../../lib/hooks/use-chunk';
import { loadCharts } from '../dashboard/lazy-charts';

type DailyCount = Exclude<keyof AdminOverviewDay, 'date'>;

/** The overview's charts, one count of the `daily` rows each, in the order an admin reads them. */
const CHARTS: {
  id: string;
  title: string;
  series: { count: DailyCount; name: string }[];
  countLabel: string;
}[] = [
  {
    id: 'signups',
    title: 'Sign-ups and new companies',
    series: [
      { count: 'signups', name: 'Sign-ups' },
      { count: 'companies', name: 'New companies' },
    ],
    countLabel: 'Sign-ups',
  },
  {
    id: 'events',
    title: 'Events stored',
    series: [{ count: 'events', name: 'Events' }],
    countLabel: 'Events',
  },
  {
    id: 'api-calls',
    title: 'Stats API calls',
    series: [{ count: 'api_calls', name: 'API calls' }],
    countLabel: 'API calls',
  },
  {
    id: 'bots',
    title: 'Bots filtered',
    series: [{ count: 'bots', name: 'Bots' }],
    countLabel: 'Bots filtered',
  },
];

/** The charts chunk (visx) arrives on its own, after the totals are on screen. */
export function OverviewCharts({ daily, days }: { daily: AdminOverviewDay[]; days: number }) {
  const charts = useChunk(loadCharts);
  const dates = useMemo(() => daily.map((day) => day.date), [daily]);
  return (
    <div className="panel-grid admin-charts">
      {CHARTS.map((chart) => {
        const total = (count: DailyCount) => daily.reduce((sum, day) => sum + day[count], 0);
        return (
          <section key={chart.id} className="panel chart-panel" aria-labelledby={`admin-chart-${chart.id}`}>
            <header className="panel-head">
              <h2 id={`admin-chart-${chart.id}`}>
                {chart.title} <span className="muted small">per day, last {days} days</span>
              </h2>
              <p className="muted small admin-chart-total">
                {chart.series.map((one) => `${one.name} ${formatNumber(total(one.count))}`).join(' · ')}
              </p>
            </header>
            {charts.status === 'ready' ? (
              chart.series.length > 1 ? (
                // Two counts that do not add up (a company is not a sign-up) are two charts, not a stack.
                <div className="admin-chart-pair">
                  {chart.series.map((one) => (
                    <div key={one.count}>
                      <h3 className="admin-chart-subtitle">{one.name}</h3>
                      <charts.module.BarChart
                        dates={dates}
                        series={[{ name: one.name, counts: daily.map((day) => day[one.count]) }]}
                        countLabel={one.name}
                        height={180}
                      />
                    </div>
                  ))}
                </div>
              ) : (
                <charts.module.BarChart
                  dates={dates}
                  series={chart.series.map((one) => ({
                    name: one.name,
                    counts: daily.map((day) => day[one.count]),
                  }))}
                  countLabel={chart.countLabel}
                  height={220}
                />
              )
            ) : charts.status === 'failed' ? (
              <ChunkFailed onRetry={charts.retry} />
            ) : (
              <div className="chart-skeleton" role="status" aria-label="Loading the chart" />
            )}
          </section>
        );
      })}
    </div>
  );
}
