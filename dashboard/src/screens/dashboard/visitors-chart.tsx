import type { AnalyticsDetail, Interval, TimeseriesPoint } from '@footfall/contract';
import { can } from '@footfall/contract/rules';
import { useSelector } from '@tanstack/react-store';
import { useEffect, useId, useState } from 'react';
import { authStore } from '../../app/services';
import type { BucketSelection } from '../../charts/time-chart';
import { ChunkFailed } from '../../components/route-error';
import { type AnalyticsSearch, daysBetween, previousPeriodQuery } from '../../lib/analytics/analytics-search';
import { bucketDrill } from '../../lib/analytics/bucket-drill';
import { CHART_METRIC_INFO } from '../../lib/analytics/chart-metrics';
import { comparisonGap } from '../../lib/analytics/comparison-coverage';
import { currentBucket } from '../../lib/analytics/current-bucket';
import { chartTitle, convertedGoals } from '../../lib/analytics/goal-filter';
import { useChunk } from '../../lib/hooks/use-chunk';
import { useAnalyticsSource, useIsShared } from './analytics-source';
import { ChartNotes } from './chart-notes';
import { loadCharts } from './lazy-charts';

const INTERVAL_LABELS: Record<Interval, string> = {
  hour: 'Hours',
  day: 'Days',
  week: 'Weeks',
  month: 'Months',
};

/** The intervals that read well over a range of `days` (the API refuses hours beyond 7 days). */
export function intervalsFor(days: number): Interval[] {
  const intervals: Interval[] = [];
  if (days <= 7) intervals.push('hour');
  intervals.push('day');
  if (days >= 14) intervals.push('week');
  if (days >= 60) intervals.push('month');
  return intervals;
}

interface VisitorsChartProps {
  companyId: number;
  detail: AnalyticsDetail;
  search: AnalyticsSearch;
  onSearch: (change: Partial<AnalyticsSearch>, replace?: boolean) => void;
}

/** The time chart card: the series chosen by the summary cards, the previous period dashed, the interval. */
export function VisitorsChart({ companyId, detail, search, onSearch }: VisitorsChartProps) {
  const charts = useChunk(loadCharts);
  const metric = search.metric ?? 'visitors';
  const showComparison = search.compare !== 'off' && search.period !== 'all';
  const comparison = useComparison(companyId, detail, search, showComparison);
  const days = daysBetween(detail.range.from, detail.range.to);
  const intervalId = useId();
  const goals = convertedGoals(search.goal, detail.goals);
  const { title, note } = chartTitle(metric, detail.range.interval, goals);
  const label = goals.length > 0 && metric === 'visitors' ? title : CHART_METRIC_INFO[metric].label;
  const isShared = useIsShared();
  const role = useSelector(
    authStore,
    (state) => state.user?.companies.find((company) => company.id === companyId)?.role,
  );

  return (
    <section className="panel chart-panel" aria-label={`${label} over time`}>
      <header className="panel-head">
        <div className="chart-title">
          <h2>{title}</h2>
          {note ? <p className="muted small">{note}</p> : null}
        </div>
        <div className="chart-controls">
          <label className="inline-check">
            <input
              type="checkbox"
              checked={showComparison}
              disabled={search.period === 'all'}
              onChange={(event) => onSearch({ compare: event.target.checked ? undefined : 'off' }, true)}
            />
            Compare with previous period
          </label>
          <label htmlFor={intervalId} className="visually-hidden">
            Interval
          </label>
          <select
            id={intervalId}
            className="input input-small"
            value={detail.range.interval}
            onChange={(event) => onSearch({ interval: event.target.value as Interval })}
          >
            {intervalsFor(days).map((interval) => (
              <option key={interval} value={interval}>
                {INTERVAL_LABELS[interval]}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="chart-slot">
        {charts.status === 'ready' ? (
          <charts.module.TimeChart
            points={detail.timeseries}
            interval={detail.range.interval}
            metric={metric}
            comparison={showComparison ? comparison : undefined}
            comparisonFirstDay={comparisonGap(detail)}
            through={currentBucket(detail.timezone, detail.range.interval)}
            notes={detail.annotations}
            selection={bucketSelection(detail, onSearch)}
            height={280}
          />
        ) : charts.status === 'failed' ? (
          <ChunkFailed onRetry={charts.retry} />
        ) : (
          <div className="chart-skeleton" role="status" aria-label="Loading the chart" />
        )}
      </div>
      <ChartNotes
        companyId={companyId}
        notes={detail.annotations}
        lastDay={detail.range.to}
        // A shared link's pages are read-only, even for a member of the team who opens one.
        canEdit={!isShared && can(role, 'manageAnnotations')}
      />
    </section>
  );
}

/** A click on a day opens it by the hour, on a week or a month by the day (lib/analytics/bucket-drill.ts). */
function bucketSelection(
  detail: AnalyticsDetail,
  onSearch: VisitorsChartProps['onSearch'],
): BucketSelection | undefined {
  if (detail.range.interval === 'hour') return undefined;
  const drillAt = (index: number) => {
    const point = detail.timeseries[index];
    return point ? bucketDrill(point.date, detail.range.interval, detail.range.to) : undefined;
  };
  return {
    labelOf: (index) => drillAt(index)?.label,
    select: (index) => {
      const drill = drillAt(index);
      if (drill) onSearch(drill.search);
    },
  };
}

/** The previous period's buckets, fetched in the background once the current answer is in. */
function useComparison(
  companyId: number,
  detail: AnalyticsDetail,
  search: AnalyticsSearch,
  enabled: boolean,
) {
  const source = useAnalyticsSource(companyId);
  const [points, setPoints] = useState<TimeseriesPoint[] | undefined>();
  const query = enabled ? previousPeriodQuery(detail.range, search) : undefined;
  const key = query ? JSON.stringify(query) : '';
  useEffect(() => {
    setPoints(undefined);
    if (!key) return;
    const controller = new AbortController();
    source
      .detail(JSON.parse(key), { background: true, signal: controller.signal })
      .then((previous) => setPoints(previous.timeseries))
      // The line is a comparison aid: without it the chart still tells its story.
      .catch(() => undefined);
    return () => controller.abort();
  }, [source, key]);
  return points;
}
