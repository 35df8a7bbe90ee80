import type { AnalyticsDetail, Filter } from '@footfall/contract';
import { BREAKDOWNS } from '@footfall/contract/constants';
import { BREAKDOWN_INFO } from '../../lib/analytics/breakdowns';
import { AnalyticsHeader } from './analytics-header';
import { BreakdownTable } from './breakdown-table';
import { ExportBar } from './export-bar';
import { useAnalyticsSearch } from './use-analytics-search';

interface DetailBodyProps {
  companyId: number;
  companyName: string;
  detail: AnalyticsDetail;
}

/**
 * The detail screen's content under its frame: every breakdown in full and the exports, which write what is
 * on screen (aggregated figures, never raw events); the signed-in and shared pages' alike.
 */
export function DetailBody({ companyId, companyName, detail }: DetailBodyProps) {
  const { search, update } = useAnalyticsSearch();
  const setFilter = (filter: Filter, value: string) =>
    void update((current) => ({ ...current, [filter]: value }));

  return (
    <>
      <AnalyticsHeader
        companyId={companyId}
        detail={detail}
        tools={<ExportBar companyName={companyName} detail={detail} search={search} />}
      />
      <nav className="section-index" aria-label="Breakdowns">
        {BREAKDOWNS.map((breakdown) => (
          <a key={breakdown} href={`#${breakdown}`}>
            {BREAKDOWN_INFO[breakdown].title}
          </a>
        ))}
      </nav>
      <div className="detail-grid">
        {BREAKDOWNS.map((breakdown) => (
          <BreakdownTable
            key={breakdown}
            breakdown={breakdown}
            rows={detail.breakdowns[breakdown]}
            totalVisitors={detail.summary.visitors}
            onFilter={setFilter}
          />
        ))}
      </div>
    </>
  );
}
