import type { AnalyticsDetail } from '@footfall/contract';
import { formatDateRange } from '@footfall/contract/format';
import { useState } from 'react';
import { listSegments } from '../../api/segments';
import { http } from '../../app/services';
import {
  type ExportFilter,
  type ExportFormat,
  exportCsvZip,
  exportFilename,
  exportPdf,
  exportPng,
  exportXlsx,
  filtersLabel,
  type PngFrame,
  preloadExport,
  reportFromAnalytics,
} from '../../exports';
import { type AnalyticsSearch, activeFilters } from '../../lib/analytics/analytics-search';
import { chartTitle, convertedGoals } from '../../lib/analytics/goal-filter';
import { CHUNK_FAILED_MESSAGE, isChunkLoadError } from '../../lib/browser/load-chunk';
import { useIsShared } from './analytics-source';
import { isSegmentApplied } from './filters/segment-text';

const BUTTONS: { format: ExportFormat; label: string; busy: string }[] = [
  { format: 'csv', label: 'CSV (zip)', busy: 'Preparing CSV files…' },
  { format: 'xlsx', label: 'Excel (XLSX)', busy: 'Preparing workbook…' },
  { format: 'pdf', label: 'PDF report', busy: 'Preparing PDF…' },
  { format: 'png', label: 'Chart (PNG)', busy: 'Drawing PNG…' },
];

/**
 * What the PNG says around the chart: the site and what is charted, the period and the filters (the
 * segment first), and the legend of the lines drawn (the previous period's only where it has a line).
 */
function pngFrame(
  companyName: string,
  detail: AnalyticsDetail,
  search: AnalyticsSearch,
  filters: readonly ExportFilter[],
  chart: SVGSVGElement,
): PngFrame {
  const { title } = chartTitle(
    search.metric ?? 'visitors',
    detail.range.interval,
    convertedGoals(search.goal, detail.goals),
  );
  const conditions = filters.map((filter) => `${filter.label}: ${filter.value}`);
  const compared = /[LC]/.test(chart.querySelector('.ff-chart-line-compare')?.getAttribute('d') ?? '');
  return {
    title: `${companyName} · ${title}`,
    subtitle: [formatDateRange(detail.range.from, detail.range.to), ...conditions].join(' · '),
    legend: [{ label: 'This period' }, ...(compared ? [{ label: 'Previous period', dashed: true }] : [])],
  };
}

/** The chart on screen, which the PDF report and the PNG export draw. */
function chartOnScreen(): SVGSVGElement | null {
  return document.querySelector<SVGSVGElement>('svg[data-chart="timeseries"]');
}

interface ExportBarProps {
  companyName: string;
  detail: AnalyticsDetail;
  search: AnalyticsSearch;
}

/**
 * The name of the team's saved segment whose filters are those in force, for the export to say; none on a
 * shared link's pages (which read no segments), without filters, or when the list cannot be read.
 */
async function segmentInForce(companyId: number, search: AnalyticsSearch): Promise<string | undefined> {
  if (activeFilters(search).length === 0) return undefined;
  try {
    const { data } = await listSegments(http, companyId, { background: true });
    return data.find((segment) => isSegmentApplied(search, segment.filters))?.name;
  } catch {
    return undefined;
  }
}

/**
 * The detail screen's exports; each format's library is fetched only when its button is first used. Each
 * names its period, filters and segment, inside the file and in its name.
 */
export function ExportBar({ companyName, detail, search }: ExportBarProps) {
  const isShared = useIsShared();
  const [busy, setBusy] = useState<ExportFormat | undefined>();
  const [failure, setFailure] = useState<{ format: ExportFormat; message: string } | undefined>();

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setFailure(undefined);
    try {
      const filters = Object.fromEntries(activeFilters(search));
      const segment = isShared ? undefined : await segmentInForce(detail.company_id, search);
      const report = reportFromAnalytics(detail, { companyName, filters, segment, chart: chartOnScreen() });
      const filtered = filtersLabel(report.filters);
      const filename = (ext: string, label?: string) =>
        exportFilename(companyName, detail.range, ext, [label, filtered].filter(Boolean).join(' '));
      if (format === 'csv') await exportCsvZip(report, filename('zip'));
      if (format === 'xlsx') await exportXlsx(report, filename('xlsx'));
      if (format === 'pdf') await exportPdf(report, filename('pdf'));
      if (format === 'png') {
        const chart = chartOnScreen();
        if (!chart)
          throw new Error('The chart has not been drawn yet. Wait for it to appear, then try again.');
        await exportPng(
          chart,
          pngFrame(companyName, detail, search, report.filters, chart),
          filename('png', 'chart'),
        );
      }
    } catch (error) {
      const message = isChunkLoadError(error)
        ? `${CHUNK_FAILED_MESSAGE}. Check your connection, then retry.`
        : `The export failed: ${error instanceof Error ? error.message : String(error)}`;
      setFailure({ format, message });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="export-bar" aria-label="Export">
      <span className="export-title">Export</span>
      {BUTTONS.map(({ format, label, busy: busyLabel }) => (
        <button
          key={format}
          type="button"
          className="button button-small"
          disabled={busy !== undefined}
          aria-busy={busy === format}
          onPointerEnter={() => preloadExport(format)}
          onFocus={() => preloadExport(format)}
          onClick={() => void run(format)}
        >
          {busy === format ? busyLabel : label}
        </button>
      ))}
      {failure ? (
        <p className="export-error" role="alert">
          {failure.message}{' '}
          <button type="button" className="link-button" onClick={() => void run(failure.format)}>
            Retry
          </button>
        </p>
      ) : null}
    </section>
  );
}
