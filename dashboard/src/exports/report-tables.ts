import type { ExportReport, ExportTable, FigureKind } from './types';

/** The unit a summary figure's bare number is in, for formats that write numbers without formatting. */
const UNITS: Record<FigureKind, string> = {
  integer: '',
  decimal: '',
  percent: ' (%)',
  duration: ' (seconds)',
};

/**
 * The summary as a table, for formats with no place for a summary of their own (CSV): one row per
 * figure, the unit in the metric's name, and the previous period and change when there is a comparison.
 */
export function summaryTable(report: ExportReport): ExportTable {
  const compared = report.summary.some((figure) => figure.previous !== undefined);
  return {
    title: 'Summary',
    columns: [
      { key: 'metric', label: 'Metric', kind: 'text' },
      { key: 'value', label: 'Value', kind: 'decimal' },
      ...(compared
        ? [
            { key: 'previous', label: 'Previous period', kind: 'decimal' } as const,
            { key: 'change', label: 'Change', kind: 'text' } as const,
          ]
        : []),
    ],
    rows: report.summary.map((figure) => ({
      metric: figure.label + UNITS[figure.kind],
      value: figure.value,
      previous: figure.previous ?? null,
      change: figure.change ?? null,
    })),
  };
}

/** Every table of the report, the summary first: what a CSV export of the whole report holds. */
export function reportTables(report: ExportReport): ExportTable[] {
  return [summaryTable(report), ...report.tables];
}
