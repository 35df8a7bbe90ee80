import type { AnalyticsSummary } from '@footfall/contract';
import { CHART_METRIC_INFO, CHART_METRICS, type ChartMetric } from '../../lib/chart-metrics';
import {
  formatChange,
  formatCompact,
  formatDuration,
  formatNumber,
  formatPercent,
  formatViewsPerVisit,
} from '../../lib/format';

/** How each card writes its figure: counts compact (their exact value in the title), the rest in full. */
const CARD_FORMAT: Record<ChartMetric, (value: number) => string> = {
  visitors: formatCompact,
  visits: formatCompact,
  pageviews: formatCompact,
  views_per_visit: formatViewsPerVisit,
  bounce_rate: (value) => formatPercent(value),
  visit_duration: formatDuration,
  events: formatCompact,
};

/** The cards' own names, where they say more than the chart's: visitors are unique ones. */
const CARD_LABELS: Partial<Record<ChartMetric, string>> = { visitors: 'Unique visitors' };

// Read before the change's text; a new metric's text already says so.
const DIRECTION_WORDS = { up: 'up', down: 'down', flat: 'no change', new: '' } as const;

interface SummaryCardsProps {
  summary: AnalyticsSummary;
  comparison: AnalyticsSummary | null;
  metric: ChartMetric;
  onMetric: (metric: ChartMetric) => void;
}

/**
 * The period's figures with their change against the previous period. Each card is a button that charts
 * its figure over time (pressed while charted), as in every analytics dashboard people know.
 */
export function SummaryCards({ summary, comparison, metric, onMetric }: SummaryCardsProps) {
  return (
    <ul className="summary-cards" aria-label="Summary">
      {CHART_METRICS.map((key) => {
        const info = CHART_METRIC_INFO[key];
        const value = summary[key];
        const change = comparison
          ? formatChange(value, comparison[key], { lowerIsBetter: info.lowerIsBetter })
          : undefined;
        return (
          <li key={key} className="summary-card">
            <button
              type="button"
              className="summary-button"
              aria-pressed={metric === key}
              onClick={() => onMetric(key)}
            >
              <span className="summary-label">{CARD_LABELS[key] ?? info.label}</span>
              <span className="summary-value num" title={formatNumber(value)}>
                {CARD_FORMAT[key](value)}
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
            </button>
          </li>
        );
      })}
    </ul>
  );
}
