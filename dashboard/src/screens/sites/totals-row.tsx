import type { AnalyticsSummary } from '@footfall/contract';
import { formatNumber, formatSummaryChange } from '@footfall/contract/format';
import { ChangeBadge } from '../../components/change-badge';
import { CHART_METRICS } from '../../lib/analytics/chart-metrics';
import { CARD_FORMAT, cardLabel } from '../dashboard/summary-cards';

/**
 * All sites together, as the dashboard's summary cards show one site (read-only). Visitors add up per site:
 * someone who visits two of them counts on each.
 */
export function TotalsRow({
  totals,
  comparison,
}: {
  totals: AnalyticsSummary;
  comparison: AnalyticsSummary;
}) {
  return (
    <ul className="summary-cards totals-row" aria-label="All sites together">
      {CHART_METRICS.map((key) => (
        <li key={key} className="summary-card">
          <div className="summary-button">
            <span className="summary-label">{cardLabel(key)}</span>
            <span className="summary-value num" title={formatNumber(totals[key])}>
              {CARD_FORMAT[key](totals[key])}
            </span>
            <ChangeBadge change={formatSummaryChange(key, totals, comparison)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
