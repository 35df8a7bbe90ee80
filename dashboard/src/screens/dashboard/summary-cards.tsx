import type { AnalyticsSummary } from '@footfall/contract';
import {
  formatCompact,
  formatDuration,
  formatFigureChange,
  formatNumber,
  formatPercent,
  formatScrollDepth,
  formatSummaryChange,
  formatTimeOnPage,
  formatViewsPerVisit,
} from '@footfall/contract/format';
import { ChangeBadge, NoComparisonBadge } from '../../components/change-badge';
import { CHART_METRIC_INFO, CHART_METRICS, type ChartMetric } from '../../lib/analytics/chart-metrics';

/** How each card writes its figure: counts compact (their exact value in the title), the rest in full. */
export const CARD_FORMAT: Record<ChartMetric, (value: number) => string> = {
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

/** A summary figure's name on its card. */
export const cardLabel = (metric: ChartMetric): string =>
  CARD_LABELS[metric] ?? CHART_METRIC_INFO[metric].label;

interface SummaryCardsProps {
  summary: AnalyticsSummary;
  comparison: AnalyticsSummary | null;
  /** The site's first day with data, when the previous period began before it: no change is shown. */
  gap?: string | undefined;
  metric: ChartMetric;
  onMetric: (metric: ChartMetric) => void;
}

/**
 * The period's figures with their change against the previous period. Each card is a button that charts
 * its figure over time (pressed while charted), as in every analytics dashboard people know.
 */
export function SummaryCards({ summary, comparison, gap, metric, onMetric }: SummaryCardsProps) {
  return (
    <ul className="summary-cards" aria-label="Summary">
      {CHART_METRICS.map((key) => {
        const value = summary[key];
        const change = comparison ? formatSummaryChange(key, summary, comparison) : undefined;
        return (
          <li key={key} className="summary-card">
            <button
              type="button"
              className="summary-button"
              aria-pressed={metric === key}
              onClick={() => onMetric(key)}
            >
              <span className="summary-label">{cardLabel(key)}</span>
              <span className="summary-value num" title={formatNumber(value)}>
                {CARD_FORMAT[key](value)}
              </span>
              {comparison && gap ? <NoComparisonBadge firstDay={gap} /> : <ChangeBadge change={change} />}
            </button>
          </li>
        );
      })}
      <EngagementCards summary={summary} comparison={gap ? null : comparison} />
    </ul>
  );
}

/** The engagement figures, which the summary has only with a `page` filter (docs/api.md "Analytics"). */
const ENGAGEMENT = [
  { key: 'time_on_page', label: 'Time on page', format: formatTimeOnPage },
  { key: 'scroll_depth', label: 'Scroll depth', format: (value: number | null) => formatScrollDepth(value) },
] as const;

/**
 * The page's mean time on page and scroll depth, beside the counts. They are not charted (the timeseries
 * does not carry them), so their cards are not buttons; a page never reported is a dash.
 */
function EngagementCards({ summary, comparison }: Pick<SummaryCardsProps, 'summary' | 'comparison'>) {
  return ENGAGEMENT.map(({ key, label, format }) => {
    const value = summary[key];
    if (value === undefined) return null;
    const previous = comparison?.[key];
    const change =
      value !== null && previous !== undefined && previous !== null
        ? formatFigureChange(key, value, previous)
        : undefined;
    return (
      <li key={key} className="summary-card">
        <div className="summary-static">
          <span className="summary-label">{label}</span>
          <span className="summary-value num">{format(value)}</span>
          <ChangeBadge change={change} />
        </div>
      </li>
    );
  });
}
