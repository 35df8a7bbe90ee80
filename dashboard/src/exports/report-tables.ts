import { fieldName } from './csv';
import type { ExportReport, ExportTable } from './types';

/**
 * The change from `previous` to `value` in percent, to two decimals: a number for programs, where the
 * cards' `+12%` is text. Null without a previous value to compare with, or when it was zero.
 */
export function changePercent(value: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0 || !Number.isFinite(previous) || !Number.isFinite(value)) {
    return null;
  }
  const percent = Math.round(((value - previous) / previous) * 10_000) / 100;
  // `Math.round` gives -0 for a tiny fall, which would be written as `0` anyway but compares oddly.
  return percent === 0 ? 0 : percent;
}

/**
 * The summary as a table, for formats with no place for a summary of their own (CSV): one row per
 * figure with its value, the previous period's and the change in percent, the last two empty when the
 * report has no comparison (the change alone when the previous period began before the site's data). The columns are the same either way, so programs can rely on them.
 */
export function summaryTable(report: ExportReport): ExportTable {
  return {
    name: 'summary',
    title: 'Summary',
    columns: [
      { key: 'metric', label: 'Metric', kind: 'text' },
      { key: 'value', label: 'Value', kind: 'decimal' },
      { key: 'previous', label: 'Previous value', kind: 'decimal' },
      { key: 'change', label: 'Change percent', kind: 'decimal' },
    ],
    rows: report.summary.map((figure) => ({
      // `Bounce rate` → `bounce_rate_percent`: a name for programs, with the unit the value is in.
      metric: fieldName(figure.label, figure.kind),
      value: figure.value,
      previous: figure.previous ?? null,
      change: figure.comparable === false ? null : changePercent(figure.value, figure.previous),
    })),
  };
}

/**
 * What the report covers, as a table (CSV has no header of its own): the period, then the segment and
 * each filter as their pills read, so that a file read on its own says what it counts.
 */
export function filtersTable(report: ExportReport): ExportTable {
  return {
    name: 'filters',
    title: 'Period and filters',
    columns: [
      { key: 'field', label: 'Field', kind: 'text' },
      // A filter's value is what someone typed or a visitor sent: defused like visitors' text.
      { key: 'condition', label: 'Condition', kind: 'text', fromVisitors: true },
    ],
    rows: [
      ...(report.range ? [{ field: 'Period', condition: `${report.range.from} to ${report.range.to}` }] : []),
      ...report.filters.map((filter) => ({ field: filter.label, condition: filter.value })),
    ],
  };
}

/** Every table of the report, the summary and what it covers first: what the CSV export writes, one file each. */
export function reportTables(report: ExportReport): ExportTable[] {
  return [summaryTable(report), filtersTable(report), ...report.tables];
}
