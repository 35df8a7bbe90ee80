import type { AnalyticsSummary } from '@footfall/contract';
import type { ChartMetric } from '../../lib/analytics-search';
import {
  formatChange,
  formatCompact,
  formatDuration,
  formatNumber,
  formatPercent,
  formatViewsPerVisit,
} from '../../lib/format';

interface MetricInfo {
  key: keyof AnalyticsSummary;
  label: string;
  format: (value: number) => string;
  lowerIsBetter?: boolean;
  /** The chart series the card selects, for the counts that have one. */
  chart?: ChartMetric;
}

export const SUMMARY_METRICS: MetricInfo[] = [
  { key: 'visitors', label: 'Unique visitors', format: formatCompact, chart: 'visitors' },
  { key: 'visits', label: 'Visits', format: formatCompact, chart: 'visits' },
  { key: 'pageviews', label: 'Pageviews', format: formatCompact, chart: 'pageviews' },
  { key: 'views_per_visit', label: 'Views per visit', format: formatViewsPerVisit },
  { key: 'bounce_rate', label: 'Bounce rate', format: (value) => formatPercent(value), lowerIsBetter: true },
  { key: 'visit_duration', label: 'Visit duration', format: formatDuration },
  { key: 'events', label: 'Custom events', format: formatCompact },
];

// Read before the change's text; a new metric's text already says so.
const DIRECTION_WORDS = { up: 'up', down: 'down', flat: 'no change', new: '' } as const;

interface SummaryCardsProps {
  summary: AnalyticsSummary;
  comparison: AnalyticsSummary | null;
  metric: ChartMetric;
  onMetric: (metric: ChartMetric) => void;
}

/** The period's figures with their change against the previous period; a count's card picks the chart's series. */
export function SummaryCards({ summary, comparison, metric, onMetric }: SummaryCardsProps) {
  return (
    <ul className="summary-cards" aria-label="Summary">
      {SUMMARY_METRICS.map((info) => {
        const value = summary[info.key];
        const change = comparison
          ? formatChange(value, comparison[info.key], { lowerIsBetter: info.lowerIsBetter })
          : undefined;
        const body = (
          <>
            <span className="summary-label">{info.label}</span>
            <span className="summary-value num" title={formatNumber(value)}>
              {info.format(value)}
            </span>
            {change ? (
              <span className={`change change-${change.tone}`}>
                <span aria-hidden="true">
                  {change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : ''}
                </span>
                <span className="visually-hidden">{DIRECTION_WORDS[change.direction]} </span>
                {change.text}
                <span className="visually-hidden"> against the previous period</span>
              </span>
            ) : (
              <span className="change change-neutral" aria-hidden="true">
                &nbsp;
              </span>
            )}
          </>
        );
        const chart = info.chart;
        return (
          <li key={info.key} className="summary-card">
            {chart ? (
              <button
                type="button"
                className="summary-button"
                aria-pressed={metric === chart}
                onClick={() => onMetric(chart)}
              >
                {body}
              </button>
            ) : (
              <div className="summary-static">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
