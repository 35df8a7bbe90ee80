import type { AnalyticsDetail } from '@footfall/contract';
import { formatDateRange } from '@footfall/contract/format';
import type { ReactNode } from 'react';
import { todayIn } from '../../lib/analytics/analytics-search';
import { comparisonGap } from '../../lib/analytics/comparison-coverage';
import { FilterBar } from './filters/filter-bar';
import { PeriodPicker } from './period-picker';
import { SummaryCards } from './summary-cards';
import { useAnalyticsSearch } from './use-analytics-search';
import { VisitorsChart } from './visitors-chart';

interface AnalyticsHeaderProps {
  companyId: number;
  detail: AnalyticsDetail;
  /** Beside the period picker (the detail screen's exports). */
  tools?: ReactNode;
}

/** The top of both analytics screens: period, filters, the summary cards and the time chart. */
export function AnalyticsHeader({ companyId, detail, tools }: AnalyticsHeaderProps) {
  const { search, update } = useAnalyticsSearch();
  const { from, to } = detail.range;
  return (
    <>
      <div className="toolbar">
        <PeriodPicker
          search={search}
          today={todayIn(detail.timezone)}
          onChange={(change) => void update((current) => ({ ...current, ...change }))}
        />
        <p className="range muted small">
          {formatDateRange(from, to)} · {detail.timezone}
        </p>
        {tools}
      </div>
      <FilterBar
        companyId={companyId}
        search={search}
        breakdowns={detail.breakdowns}
        onSearch={(change) => void update(change)}
      />
      <SummaryCards
        summary={detail.summary}
        comparison={detail.comparison}
        gap={comparisonGap(detail)}
        metric={search.metric ?? 'visitors'}
        onMetric={(metric) =>
          // Visitors is the default series: the URL leaves it out, as validateAnalyticsSearch does.
          void update((current) => ({ ...current, metric: metric === 'visitors' ? undefined : metric }), {
            replace: true,
          })
        }
      />
      <VisitorsChart
        companyId={companyId}
        detail={detail}
        search={search}
        onSearch={(change, replace) => void update((current) => ({ ...current, ...change }), { replace })}
      />
    </>
  );
}
